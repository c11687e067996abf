import type { TemplatePreview } from "@contract/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/notifications/templates
export const getTemplatePreviews = () => api.get<TemplatePreview[]>("/notifications/templates");

export const templatePreviewsQueryOptions = () =>
  queryOptions({ queryKey: ["notifications", "templates"], queryFn: getTemplatePreviews });

export const useTemplatePreviews = () => useQuery(templatePreviewsQueryOptions());
