import { HelpArticlePage } from "@/features/knowledge-base/components/help-article";

/** One help article. */
export function Component() {
  return <HelpArticlePage />;
}
