// Goal templates with named slots, for the newer web families' phrasings ("Select {n} with the spinner ...").

/** Replaces every `{slot}` of a template with its value; throws on a slot that has none (a typo in a template). */
export function fillTemplate(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (_, slot: string) => {
    const v = values[slot];
    if (v === undefined) throw new Error(`template '${template}': no value for {${slot}}`);
    return String(v);
  });
}
