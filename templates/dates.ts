const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * `2025-03-07` → `March 7, 2025`, as readers of an English site write it: spelled out here rather
 * than by `Intl`, whose output may change with the ICU data of a Node release or the machine's
 * locale. Anything that is not such a date is returned as it is.
 */
export function dateText(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${month} ${Number(match[3])}, ${match[1]}` : iso;
}
