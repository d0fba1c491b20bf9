// A Vite plugin for the extension build: React DOM without its one way to write HTML.
//
// React DOM assigns `element.innerHTML` only for the `dangerouslySetInnerHTML` prop. The extension
// never uses that prop, but the assignment is in the bundle, and Mozilla's linter (`web-ext lint`,
// also run by addons.mozilla.org) flags it as UNSAFE_VAR_ASSIGNMENT. This plugin replaces both
// assignments with a throw, so the shipped code cannot inject HTML at all and the lint is clean.
// If a React upgrade changes the code, the build fails here instead of silently keeping it.
import type { Plugin } from 'vite';

const REACT_DOM_CLIENT = /[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/;
const ASSIGNMENT = '(domElement.innerHTML = key)';
const EXPECTED = 2;
const REPLACEMENT =
  '(() => { throw Error("dangerouslySetInnerHTML is disabled in this extension"); })()';

export function reactWithoutInnerHtml(): Plugin {
  return {
    name: 'audit-reports:react-without-inner-html',
    apply: 'build',
    transform(code, id) {
      if (!REACT_DOM_CLIENT.test(id)) return null;
      const found = code.split(ASSIGNMENT).length - 1;
      if (found !== EXPECTED) {
        this.error(
          `expected ${EXPECTED} \`${ASSIGNMENT}\` in ${id}, found ${found}: ` +
            'React DOM changed; update scripts/react-without-inner-html.ts',
        );
      }
      return { code: code.replaceAll(ASSIGNMENT, REPLACEMENT), map: null };
    },
  };
}
