import { z } from "zod";

/** Site search page size (spec 3 §9). */
export const SEARCH_PAGE_SIZE = 15;

/** GET /api/search?term=&page=&lang= */
export const ZSiteSearchQuery = z.object({
  term: z.string().trim().max(100, { message: "TooLong" }).optional(),
  page: z.coerce
    .number()
    .int({ message: "Invalid" })
    .min(1, { message: "Invalid" })
    .max(100, { message: "Invalid" })
    .default(1),
  lang: z.enum(["en", "es"]).optional(),
});

/** A run of text, marked when it is (part of) a word that matched the term. */
export interface HighlightPart {
  text: string;
  match: boolean;
}

export type SearchResultKind = "service" | "article" | "board" | "news" | "page";

/** One result (spec 3 §2 site search): where it leads, its title and a highlighted excerpt. */
export interface SiteSearchResult {
  id: string;
  kind: SearchResultKind;
  /** An in-portal path. */
  url: string;
  title: string;
  titleParts: HighlightPart[];
  highlight: HighlightPart[];
}

export interface SiteSearchAnswer {
  results: SiteSearchResult[];
  total: number;
  page: number;
  pageSize: number;
}
