import type { AuthUser } from "@contract/user";
import { ApiError, api } from "@/lib/api-client";

/** GET /api/auth; a 401 means the API does not know this sign-in, which we treat as nobody. */
export async function getCurrentUser(): Promise<AuthUser | null> {
  try {
    return await api.get<AuthUser>("/auth");
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
