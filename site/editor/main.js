// The playground's module. It only loads first.js: the card's text and
// its first findings without the editor, which loads CodeMirror
// (playground.js) on the reader's first intent.
import("./first.js");
