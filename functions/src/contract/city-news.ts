import { z } from "zod";
import { NEWS_PAGE_SIZE } from "./city-news-page";

export { NEWS_PAGE_SIZE };

/** GET /api/salesforce/elginToday?offset=&limit=10: paged by offset; an empty page ends the list. */
export const ZCityNewsQuery = z.object({
  offset: z.coerce
    .number()
    .int({ message: "Invalid" })
    .min(0, { message: "Invalid" })
    .max(2000, { message: "Invalid" })
    .default(0),
  limit: z.coerce
    .number()
    .int({ message: "Invalid" })
    .min(1, { message: "Invalid" })
    .max(NEWS_PAGE_SIZE, { message: "Invalid" })
    .default(NEWS_PAGE_SIZE),
});

/** A city news post (spec 3 §3). */
export interface NewsPost {
  Id: string;
  Category__c: string;
  Update__c: string;
  /** The post in Spanish, when the city wrote one (issue 28). */
  Update_Spanish__c: string | null;
  Additional_Info__c: string | null;
  /** The day the post starts showing, YYYY-MM-DD. */
  Show_On__c: string;
}
