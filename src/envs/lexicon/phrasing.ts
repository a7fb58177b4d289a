// Small text helpers the newer web families share: ordinals as MiniWoB writes them ("1st", "2nd", "11th"),
// goal templates with named slots, and capitalised words.

/** 1 -> '1st', 2 -> '2nd', 3 -> '3rd', 4 -> '4th', 11 -> '11th', 22 -> '22nd'. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** Replaces every `{slot}` of a template with its value; throws on a slot that has none (a typo in a template). */
export function fillTemplate(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (_, slot: string) => {
    const v = values[slot];
    if (v === undefined) throw new Error(`template '${template}': no value for {${slot}}`);
    return String(v);
  });
}

/** 'ipsum' -> 'Ipsum'. */
export function titleCase(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
