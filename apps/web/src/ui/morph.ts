/**
 * Make `el`'s children look like `children`, keeping every node that is already as wanted. A panel redrawn
 * twice a second (the seat panel's clocks) then changes only the text that changed: its elements stay, so
 * nothing is laid out or painted again for nothing and an animation on them (the turn's ring) is not restarted.
 */
export function morph(el: Element, children: readonly Node[]): void {
  const old = [...el.childNodes];
  if (old.length !== children.length || old.some((node, i) => !sameKind(node, children[i]!))) {
    el.replaceChildren(...children);
    return;
  }
  old.forEach((node, i) => update(node, children[i]!));
}

function sameKind(a: Node, b: Node): boolean {
  return a.nodeType === b.nodeType && a.nodeName === b.nodeName;
}

function update(node: Node, wanted: Node): void {
  if (node instanceof Element && wanted instanceof Element) {
    for (const { name } of [...node.attributes]) if (!wanted.hasAttribute(name)) node.removeAttribute(name);
    for (const { name, value } of [...wanted.attributes]) if (node.getAttribute(name) !== value) node.setAttribute(name, value);
    morph(node, [...wanted.childNodes]);
  } else if (node.nodeValue !== wanted.nodeValue) {
    node.nodeValue = wanted.nodeValue;
  }
}
