package main

// reportJS enhances the report page: "Copy link" copies the report's URL.
// The page works without it (the link is in a read-only field).
const reportJS = `(function () {
  for (const b of document.querySelectorAll("button[data-copy]")) {
    const field = document.getElementById(b.dataset.copy);
    if (!field || !navigator.clipboard) continue;
    b.hidden = false;
    b.addEventListener("click", function () {
      navigator.clipboard.writeText(field.value).then(function () {
        b.textContent = "Copied";
        setTimeout(function () { b.textContent = "Copy link"; }, 1500);
      }, function () { field.select(); });
    });
  }
})();
`
