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
// the lint of the same text sent whole to a fresh Go instance. A key typed
// in the middle of a large card goes as that key alone.
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
		// a keystroke in a large card sends that key, at its place, and
		// nothing else (a change found a block at a time, then by halving)
		const big = card.repeat(40), at = (big.length >> 1) + 7, typed = big.slice(0, at) + "\u00e9" + big.slice(at);
		const sent = [], post = e.worker.postMessage.bind(e.worker);
		e.worker.postMessage = (m) => { sent.push(m.text); post(m); };
		for (const t of [big, typed, big]) await agentcard.lint(t);
		e.worker.postMessage = post;
		const want = [{from: at, to: at, insert: "\u00e9", length: big.length}, {from: at, to: at + 1, insert: "", length: typed.length}];
		if (JSON.stringify(sent.slice(1)) !== JSON.stringify(want)) bad.push("a keystroke's change went as " + JSON.stringify(sent.slice(1)).slice(0, 200));
		return bad })()`)
	for _, b := range bad {
		t.Error(b)
	}
}
