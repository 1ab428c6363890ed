package main

// reportJS enhances the report and batch pages: "Copy link" copies the
// report's URL (and the badge's Markdown), and a table with data-sortable
// sorts by the column whose header button is pressed (again: the other
// way; numbers as numbers). The pages work without it (the link is in a
// read-only field, the table in its submitted order). The words come
// from the page (the button's text and data-copied), so the script is
// the same in every language.
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
  for (const table of document.querySelectorAll("table[data-sortable]")) {
    const body = table.tBodies[0];
    let by = -1, up = true;
    for (const b of table.querySelectorAll("th button[data-sort]")) {
      b.addEventListener("click", function () {
        const col = Number(b.dataset.sort), num = b.dataset.type === "number";
        up = by === col ? !up : true;
        by = col;
        const rows = Array.from(body.rows);
        const key = function (r) { const t = r.cells[col].textContent.trim(); return num ? Number(t) : t.toLowerCase(); };
        rows.sort(function (a, c) { const x = key(a), y = key(c); return (x < y ? -1 : x > y ? 1 : 0) * (up ? 1 : -1); });
        for (const r of rows) body.appendChild(r);
        for (const th of table.querySelectorAll("th")) th.removeAttribute("aria-sort");
        b.parentElement.setAttribute("aria-sort", up ? "ascending" : "descending");
      });
    }
  }
})();
`
