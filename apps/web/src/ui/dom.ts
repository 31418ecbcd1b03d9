/** A tiny DOM builder: plain elements, no framework. */

export type Child = Node | string | number | null | undefined | false;

export interface Props {
  readonly class?: string;
  readonly id?: string;
  readonly text?: string;
  readonly title?: string;
  readonly role?: string;
  readonly type?: string;
  readonly value?: string;
  readonly href?: string;
  readonly for?: string;
  readonly name?: string;
  readonly disabled?: boolean;
  readonly checked?: boolean;
  readonly hidden?: boolean;
  readonly placeholder?: string;
  readonly aria?: Readonly<Record<string, string>>;
  readonly data?: Readonly<Record<string, string>>;
  readonly on?: { readonly [E in keyof HTMLElementEventMap]?: (event: HTMLElementEventMap[E]) => void };
  readonly style?: string;
  readonly maxLength?: number;
}

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (props.class) el.className = props.class;
  if (props.id) el.id = props.id;
  if (props.text !== undefined) el.textContent = props.text;
  if (props.title) el.title = props.title;
  if (props.role) el.setAttribute('role', props.role);
  if (props.style) el.setAttribute('style', props.style);
  if (props.hidden) el.hidden = true;
  const input = el as unknown as HTMLInputElement;
  if (props.type !== undefined) input.type = props.type;
  if (props.value !== undefined) input.value = props.value;
  if (props.name !== undefined) input.name = props.name;
  if (props.disabled !== undefined) input.disabled = props.disabled;
  if (props.checked !== undefined) input.checked = props.checked;
  if (props.placeholder !== undefined) input.placeholder = props.placeholder;
  if (props.maxLength !== undefined) input.maxLength = props.maxLength;
  if (props.href !== undefined) (el as unknown as HTMLAnchorElement).href = props.href;
  if (props.for !== undefined) (el as unknown as HTMLLabelElement).htmlFor = props.for;
  for (const [k, v] of Object.entries(props.aria ?? {})) el.setAttribute(`aria-${k}`, v);
  for (const [k, v] of Object.entries(props.data ?? {})) el.dataset[k] = v;
  for (const [event, handler] of Object.entries(props.on ?? {})) el.addEventListener(event, handler as EventListener);
  append(el, ...children);
  return el;
}

export function append(el: Element, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === 'number' ? String(child) : child);
  }
}

/** Replace an element's children. */
export function fill(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  append(el, ...children);
}

/** A labelled <select> whose options are [value, label] pairs. */
export function select(
  id: string,
  options: readonly (readonly [string, string])[],
  value: string,
  onChange?: (v: string) => void,
): HTMLSelectElement {
  const el = h('select', { id, name: id, on: onChange ? { change: () => onChange(el.value) } : {} });
  for (const [v, label] of options) el.append(h('option', { value: v, text: label }));
  el.value = value;
  return el;
}

/** A form control under its label (the label names it: `for` its id). */
export const field = (label: string, control: HTMLElement): HTMLLabelElement =>
  h('label', { class: 'field', for: control.id }, h('span', { text: label }), control);

/** A checkbox before its label. */
export const check = (label: string, control: HTMLInputElement): HTMLLabelElement =>
  h('label', { class: 'check', for: control.id }, control, h('span', { text: label }));
