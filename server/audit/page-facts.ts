import { parse, type DefaultTreeAdapterTypes as T } from 'parse5';

/** What the checks need to know about a document, gathered in one walk of parse5's tree. */
export interface PageFacts {
  doctype: boolean;
  quirksMode: boolean;
  lang: string;
  titles: string[];
  metas: Array<Record<string, string>>;
  links: Array<Record<string, string>>;
  headings: number[];
  images: number;
  imagesWithAlt: number;
  jsonLd: string[];
  microdata: boolean;
}

function attributes(element: T.Element): Record<string, string> {
  const result: Record<string, string> = {};
  for (const { name, value } of element.attrs) result[name.toLowerCase()] = value;
  return result;
}

function textOf(node: T.ParentNode): string {
  let text = '';
  for (const child of node.childNodes) {
    if (child.nodeName === '#text') text += (child as T.TextNode).value;
    else if ('childNodes' in child) text += textOf(child as T.ParentNode);
  }
  return text;
}

export function pageFacts(html: string): PageFacts {
  const document = parse(html);
  const facts: PageFacts = {
    doctype: document.childNodes.some((node) => node.nodeName === '#documentType'),
    quirksMode: document.mode !== 'no-quirks',
    lang: '',
    titles: [],
    metas: [],
    links: [],
    headings: [],
    images: 0,
    imagesWithAlt: 0,
    jsonLd: [],
    microdata: false,
  };
  // An explicit stack, not recursion: a hostile page can nest elements thousands deep.
  const stack: T.ParentNode[] = [document];
  const pending: T.Element[] = [];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if ('tagName' in node) pending.push(node as T.Element);
    for (let i = node.childNodes.length - 1; i >= 0; i--) {
      const child = node.childNodes[i]!;
      if ('childNodes' in child) stack.push(child as T.ParentNode);
    }
  }
  for (const element of pending) {
    const attrs = attributes(element);
    if ('itemscope' in attrs) facts.microdata = true;
    switch (element.tagName) {
      case 'html':
        facts.lang = (attrs.lang ?? attrs['xml:lang'] ?? '').trim();
        break;
      case 'title':
        // <title> inside <svg> is a tooltip, not the document title.
        if (element.namespaceURI === 'http://www.w3.org/1999/xhtml') {
          facts.titles.push(textOf(element).replace(/\s+/g, ' ').trim());
        }
        break;
      case 'meta':
        facts.metas.push(attrs);
        break;
      case 'link':
        facts.links.push(attrs);
        break;
      case 'img':
        facts.images++;
        if ('alt' in attrs) facts.imagesWithAlt++;
        break;
      case 'script':
        if ((attrs.type ?? '').trim().toLowerCase() === 'application/ld+json') {
          facts.jsonLd.push(textOf(element));
        }
        break;
      default:
        if (/^h[1-6]$/.test(element.tagName)) facts.headings.push(Number(element.tagName[1]));
    }
  }
  return facts;
}

/** The `content` of the first `<meta name=…>` with this name (case-insensitive). */
export function metaContent(facts: PageFacts, name: string): string | undefined {
  return facts.metas.find((meta) => meta.name?.trim().toLowerCase() === name)?.content;
}
