/** The texts of one part of a language (web/locale-texts.ts). */
declare module "virtual:texts/*" {
  const texts: Record<string, unknown>;
  export default texts;
}
