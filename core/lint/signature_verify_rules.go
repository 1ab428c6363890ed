package lint

// Signature verification rules (topic "signatures") are reported by the
// programs that verify a card's signatures with core/signature
// (`agentcard lint --key`), not by lint's own checks: verifying needs the
// signer's key, which is never in the card. Their data lives here so that
// every program shows the same catalogue. Each finding is placed on the
// signature it is about (signatures[i]); its message is the verifier's own
// (msg.signature-verified…, msg.signature-invalid…,
// msg.signature-key-unavailable…). Their examples are transcripts: the key
// used, then what the check found.
const (
	CodeSignatureVerified       = "signature-verified"
	CodeSignatureInvalid        = "signature-invalid"
	CodeSignatureKeyUnavailable = "signature-key-unavailable"
)

// BySignature: core/signature's verification, run by a front end that was
// given keys (or may fetch a signature's jku).
const BySignature = "signature"

const (
	sigVerifyKey = "key: {\"kty\":\"OKP\",\"crv\":\"Ed25519\",\"kid\":\"card-key-1\",\"x\":\"…\"} (agentcard lint --key card-key.jwk)\n" +
		"signatures[0]: {\"alg\":\"EdDSA\",\"kid\":\"card-key-1\",\"typ\":\"JOSE\"}\n\n"
)

func signatureVerifyRules() []*Rule {
	return []*Rule{
		&Rule{Code: CodeSignatureVerified, Severity: Info, Topic: "signatures", External: true, EmittedBy: BySignature,
			Title:       "The signature verifies",
			Explanation: "The signature was checked with a key you trust (one you supplied, or one from the key set its jku names) over the card's canonical form: the card without signatures, members holding their default value left out, serialized by RFC 8785. Clients that verify signatures as the specification describes will accept this card as signed by the holder of that key, as long as they trust the same key.",
			HowToFix:    "Nothing to fix. Sign the card again whenever it changes: any edit that reaches the canonical form invalidates the signature.",
			Spec:        "§8.4.3",
			Bad:         "(no bad example: this finding reports a success)",
			Good:        sigVerifyKey + "verified: EdDSA with key \"card-key-1\" from the supplied keys, over the specification's canonical form"},
		&Rule{Code: CodeSignatureInvalid, Severity: Error, Topic: "signatures", External: true, EmittedBy: BySignature,
			Title:       "The signature does not verify",
			Explanation: "A key for the signature was found, but the signature does not match the card's canonical form (§8.4.1). Either the card was changed after it was signed (one character is enough), or the signer signed other bytes: a2a-js removes empty strings, lists and objects before it canonicalizes (in this project's tests its verifier rejects a signature over the specification's payload as soon as the card holds an empty value such as \"capabilities\": {}), and a2a-python also serializes with json.dumps instead of RFC 8785 (read from its source). When the signature matches one of those forms, the message says which. Under §8.4.3 a client that verifies signatures rejects the card, or treats it as unsigned.",
			HowToFix:    "Sign the card again after the last edit, over the specification's canonical form (`agentcard sign --key private.jwk card.json` does), and publish exactly the signed text. If an SDK produced the signature, sign with a tool that follows §8.4.1 until the SDK does.",
			Spec:        "§8.4.1, §8.4.3",
			Bad:         sigVerifyKey + "invalid: signature 0 was made over the Python SDK's canonical form, not over the specification's",
			Good:        sigVerifyKey + "verified: over the specification's canonical form"},
		&Rule{Code: CodeSignatureKeyUnavailable, Severity: Warning, Topic: "signatures", External: true, EmittedBy: BySignature,
			Title:       "No key to check the signature",
			Explanation: "The signature could not be checked: none of the keys supplied has its kid, its protected header names no jku to fetch a key set from, the key set at its jku could not be read or does not hold the key, or the key found cannot check this algorithm. Under §8.4.3 the card cannot be verified without the key, and a client that requires signed cards rejects it.",
			HowToFix:    "Publish the public key in a JWKS at an https URL and name it in the protected header's jku, with a kid that the key set holds; or give the checker the public key (`agentcard lint --key public.jwk`). Make sure the key's kty, crv and alg fit the signature's alg.",
			Spec:        "§8.4.2, §8.4.3",
			Bad:         "signatures[0]: {\"alg\":\"ES256\",\"kid\":\"card-key-1\",\"typ\":\"JOSE\"} (no jku)\n\nno key supplied: signature 0 names key \"card-key-1\", but no key was supplied and its protected header has no jku to fetch one from",
			Good:        "signatures[0]: {\"alg\":\"ES256\",\"kid\":\"card-key-1\",\"typ\":\"JOSE\",\"jku\":\"https://agent.example.com/.well-known/jwks.json\"}\n\nGET https://agent.example.com/.well-known/jwks.json\n\nHTTP/1.1 200 OK\nContent-Type: application/jwk-set+json\n\n{\"keys\":[{\"kty\":\"EC\",\"crv\":\"P-256\",\"kid\":\"card-key-1\",…}]}"},
	}
}
