// Package signature verifies and makes the JWS signatures of A2A Agent
// Cards (§8.4): it builds the payload the specification signs, checks each
// entry of `signatures` with keys the caller supplies or that a jku names,
// explains failures (including signatures made over an SDK's payload
// instead of the specification's), and signs cards.
//
// It uses only the standard library's crypto, because it is linked into
// the Worker and the playground (js/wasm), whose size is budgeted; a
// second JOSE implementation appears only in tests, as an independent
// check. It never opens a connection: a jku is read through the caller's
// Fetch, so the caller's fetch policy (SSRF rules, limits) applies.
//
// How front ends use it:
//
//   - `agentcard lint --key FILE`: ParseKeys(FILE), then Verify with
//     Options{Keys, Fetch} and one finding per Result, placed on
//     signatures[Result.Index]: Verified → signature-verified (info),
//     Invalid → signature-invalid (error; Result.Text already says when
//     the signature matches an SDK's payload), KeyUnavailable →
//     signature-key-unavailable (warning); AlgRefused and Malformed
//     repeat what the shape rules (signature-alg-none,
//     signature-protected-invalid, signature-encoding) report, with a
//     verification verdict for the report.
//   - `agentcard sign --key PRIVATE_JWK [--kid K] [--jku URL]`:
//     SignJWK(card, jwk, kid, jku).
//   - reports and the playground: Report.Payload (or Canonical) shows the
//     bytes that are signed.
//
// Every message is an i18n.Text (ids msg.signature-…, in the catalogues'
// signature.json); errors about the card or a key are *Error.
package signature
