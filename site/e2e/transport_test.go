package e2e

import (
	"testing"
)

// TestE2EWorkerTextChanges: the engine's worker keeps the last card text
// and each call sends only the change from it (engine.js textDelta); the
// text the worker checks must be exactly the page's, through insertions,
// deletions, a change inside a surrogate pair, the same text again, an
// empty and a wholly different text, concurrent calls, and a replaced
// worker (which starts without a text). The worker's encodeShare of each
// text, decoded again, must give it back, and its lint must agree with
// the lint of the same text sent whole to a fresh Go instance.
func TestE2EWorkerTextChanges(t *testing.T) {
	base := serveSite(t, site(t), nil)
	ctx := browser(t)
	open(t, ctx, base+"/")
	bad := eval[[]string](t, ctx, `(async () => {
		const e = agentcardBoot.engine, bad = [];
		const card = agentcardPlayground.getText();
		const mid = card.length >> 1;
		const texts = [card, card.slice(0, mid) + "x" + card.slice(mid), card.slice(0, mid) + card.slice(mid + 20),
			'{"name": "a\u{1F600}b"}', '{"name": "a\u{1F601}b"}', '{"name": "a\u{1F601}b"}', '{"name": "ab"}', "", "[1, 2]",
			card, "x" + card, card + "y", card];
		const check = async (t, i) => {
			const f = await agentcard.encodeShare(t);
			const back = await agentcard.decodeShare(f.fragment);
			if (back.text !== t) bad.push("text " + i + " came back as " + JSON.stringify(back.text).slice(0, 80));
		};
		for (const [i, t] of texts.entries()) await check(t, i);
		// calls in flight at once: each change is from the one before
		await Promise.all(texts.map((t, i) => check(t, "concurrent " + i)));
		// a replaced worker starts from the compiled module, with no text
		e.expire(e.worker, new Error("replaced by the test"));
		for (const [i, t] of texts.entries()) await check(t, "after replacement " + i);
		const s = await agentcard.sync();
		for (const [i, t] of texts.entries()) {
			const a = await agentcard.lint(t), b = s.lint(t);
			if (JSON.stringify(a.diagnostics) !== JSON.stringify(b.diagnostics)) bad.push("lint of text " + i + " differs");
		}
		return bad })()`)
	for _, b := range bad {
		t.Error(b)
	}
}
