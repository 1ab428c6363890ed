package main

// reportJS enhances the report page: "Copy link" copies the report's URL.
// The page works without it (the link is in a read-only field). The
// button's words come from the page (its text and data-copied), so the
// script is the same in every language.
const reportJS = `(function () {
  for (const b of document.querySelectorAll("button[data-copy]")) {
    const field = document.getElementById(b.dataset.copy);
    if (!field || !navigator.clipboard) continue;
    const label = b.textContent, copied = b.dataset.copied || label;
    b.hidden = false;
    b.addEventListener("click", function () {
      navigator.clipboard.writeText(field.value).then(function () {
        b.textContent = copied;
        setTimeout(function () { b.textContent = label; }, 1500);
      }, function () { field.select(); });
    });
  }
})();
`
