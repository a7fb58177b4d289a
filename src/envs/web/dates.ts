// Calendar dates for the date families (enter-date, choose-date, book-flight-full): days counted from
// 1 Jan 1970 in UTC, so weekdays and month lengths come out the same on every machine and time zone.

const DAY_MS = 86_400_000;

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export interface Day {
  year: number;
  /** 1..12 */
  month: number;
  /** 1..31 */
  day: number;
}

/** Days since 1 Jan 1970 of a calendar date. */
export function dayNumber(d: Day): number {
  return Date.UTC(d.year, d.month - 1, d.day) / DAY_MS;
}

/** The calendar date `n` days after 1 Jan 1970. */
export function fromDayNumber(n: number): Day {
  const t = new Date(n * DAY_MS);
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : MONTH_DAYS[month - 1];
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** 'MM/DD/YYYY', as MiniWoB's date tasks write and expect dates. */
export function formatDate(d: Day): string {
  return `${pad(d.month, 2)}/${pad(d.day, 2)}/${d.year}`;
}

/** 'Sat Dec 03 2016' (JavaScript's toDateString, in UTC). */
export function longDate(d: Day): string {
  const weekday = WEEKDAYS[new Date(dayNumber(d) * DAY_MS).getUTCDay()];
  return `${weekday} ${MONTHS[d.month - 1].slice(0, 3)} ${pad(d.day, 2)} ${d.year}`;
}

/** Reads 'MM/DD/YYYY' into a date that exists, or undefined. */
export function parseDate(text: string): Day | undefined {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return undefined;
  const d = { year: Number(m[3]), month: Number(m[1]), day: Number(m[2]) };
  // Stryker disable next-line ConditionalExpression,LogicalOperator: MONTH_DAYS has no length for a month outside 1..12, so the day test below refuses it too
  if (d.month < 1 || d.month > 12) return undefined;
  return d.day >= 1 && d.day <= daysInMonth(d.year, d.month) ? d : undefined;
}
