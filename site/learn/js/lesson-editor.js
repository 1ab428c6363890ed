// The lesson's editor: the playground's CodeMirror 6 setup around one
// exercise card. lesson.js loads this module (and with it CodeMirror,
// in the chunk the playground shares) only when the exercise comes within
// a screen of the view, or the reader focuses the card or presses Start:
// a lesson page costs no editor while its reader reads the lesson.
import "../../editor/styles.js"; // first: CodeMirror's styles under the site's CSP
import { basicSetup } from "codemirror";
import { EditorView } from "@codemirror/view";
import { EditorState } from "@codemirror/state";
import { json } from "@codemirror/lang-json";
import { setDiagnostics, lintGutter } from "@codemirror/lint";
import { autocompletion } from "@codemirror/autocomplete";
import { syntaxHighlighting } from "@codemirror/language";
import { classHighlighter } from "@lezer/highlight";
import { completionSource } from "../../editor/complete.js";

export { setDiagnostics };

// createEditor makes the editor for doc. label: the editing area's
// accessible name; catalogue(): the field catalogue for completion;
// onChange: called after every change of the text.
export function createEditor({ doc, label, catalogue, onChange }) {
  return new EditorView({
    state: EditorState.create({
      doc,
      extensions: [
        basicSetup,
        json(),
        syntaxHighlighting(classHighlighter),
        lintGutter(),
        autocompletion({ override: [completionSource(catalogue)] }),
        EditorView.lineWrapping,
        // tabindex: the editing area is already in the tab order (it is
        // contenteditable); saying so lets checkers see that its scrolling
        // box can be reached from the keyboard.
        EditorView.contentAttributes.of({ "aria-label": label, "data-testid": "editor-content", tabindex: "0" }),
        EditorView.updateListener.of((u) => { if (u.docChanged) onChange(); }),
      ],
    }),
  });
}
