/** YYYY-MM-DD (a calendar date from the billing system, no time zone) as MM/DD/YYYY (spec 2 §9). */
export const calendarDate = (value: string) => {
  const [year, month, day] = value.split("-");
  return year && month && day ? `${month}/${day}/${year}` : value;
};
