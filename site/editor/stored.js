// What the playground keeps in this browser (localStorage), read by the
// page's head script (boot.js: the first text is linted as the engine
// starts) and by the playground itself.
export const STORAGE_KEY = "agentcard.editor.text";
export const PROFILE_KEY = "agentcard.lint.profile";

// savedText is the last text of the editor, or null.
export function savedText() {
  try {
    const s = localStorage.getItem(STORAGE_KEY);
    return s !== null && s !== "" ? s : null;
  } catch {
    return null; // private mode
  }
}

// storedProfile is the lint profile chosen last: "local" or "publish".
export function storedProfile() {
  try { return localStorage.getItem(PROFILE_KEY) === "local" ? "local" : "publish"; } catch { return "publish"; }
}
