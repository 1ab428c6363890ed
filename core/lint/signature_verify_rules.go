package lint

import "github.com/agentcard/agentcard/core/diag"

// Signature verification rules (topic "signatures") are reported by the
// programs that verify a card's signatures with core/signature
// (`agentcard lint --key`), not by lint's own checks: verifying needs the
// signer's key, which is never in the card. Their data lives here so that
// every program shows the same catalogue. Each finding is placed on the
// signature it is about (signatures[i]); its message is the verifier's own
// (msg.signature-verified…, msg.signature-invalid…,
// msg.signature-key-unavailable…). Their examples are transcripts: the key
// used, then what the check found.
//
// Their codes are core/diag's (diag.Elsewhere), so that the package
// that checks them need not import this one.
const (
	CodeSignatureVerified       = diag.CodeSignatureVerified
	CodeSignatureInvalid        = diag.CodeSignatureInvalid
	CodeSignatureKeyUnavailable = diag.CodeSignatureKeyUnavailable
	CodeSignatureSelfPublished  = diag.CodeSignatureSelfPublished
	CodeSignatureUntrusted      = diag.CodeSignatureUntrusted
	CodeSignatureUnverifiable   = diag.CodeSignatureUnverifiable
	CodeSignatureUnchecked      = diag.CodeSignatureUnchecked
)

const (
	sigVerifyKey = "key: {\"kty\":\"OKP\",\"crv\":\"Ed25519\",\"kid\":\"card-key-1\",\"x\":\"…\"} (agentcard lint --key card-key.jwk)\n" +
		"signatures[0]: {\"alg\":\"EdDSA\",\"kid\":\"card-key-1\",\"typ\":\"JOSE\"}\n\n"
)

func signatureVerifyRules() []*Rule {
	return []*Rule{
		&Rule{Rule: diag.Rule{Code: CodeSignatureVerified, Topic: "signatures", External: true, Title: "The signature verifies",
			Explanation: "The signature was checked with a key you supplied (`agentcard lint --key`, or the key of a POST /api/check) over the card's canonical form: the card without signatures, members holding their default value left out, serialized by RFC 8785. Clients that verify signatures as the specification describes will accept this card as signed by the holder of that key, as long as they trust the same key.",
			HowToFix:    "Nothing to fix. Sign the card again whenever it changes: any edit that reaches the canonical form invalidates the signature.",
			Basis:       Basis{Kind: BasisAdvice, Note: "A successful verification (§8.4.3), reported so that a check with keys shows what it proved."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "8.4.3", Title: "Signature Verification", URL: "https://a2a-protocol.org/v1.0.0/specification/#843-signature-verification"},
			},
			Bad:  "(no bad example: this finding reports a success)",
			Good: sigVerifyKey + "verified: EdDSA with key \"card-key-1\" from the supplied keys, over the specification's canonical form"}},
		&Rule{Rule: diag.Rule{Code: CodeSignatureInvalid, Topic: "signatures", External: true, Title: "The signature does not verify",
			Explanation: "A key for the signature was found, but the signature does not match the card's canonical form (§8.4.1). Either the card was changed after it was signed (one character is enough), or the signer signed other bytes: a2a-js removes empty strings, lists and objects before it canonicalizes (in this project's tests its verifier rejects a signature over the specification's payload as soon as the card holds an empty value such as \"capabilities\": {}), and a2a-python also serializes with json.dumps instead of RFC 8785 (read from its source). When the signature matches one of those forms, the message says which. Under §8.4.3 a client that verifies signatures rejects the card, or treats it as unsigned.",
			HowToFix:    "Sign the card again after the last edit, over the specification's canonical form (`agentcard sign --key private.jwk card.json` does), and publish exactly the signed text. If an SDK produced the signature, sign with a tool that follows §8.4.1 until the SDK does.",
			Basis:       Basis{Kind: BasisMust, Note: "§8.4.1: the card MUST be canonicalized (defaults removed, signatures excluded, RFC 8785) before signing, and §8.4.3 verifies against that form; a signature over any other bytes fails every client that verifies."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "8.4.1", Title: "Canonicalization Requirements", URL: "https://a2a-protocol.org/v1.0.0/specification/#841-canonicalization-requirements"},
				{Doc: "A2A", Version: "1.0", Section: "8.4.3", Title: "Signature Verification", URL: "https://a2a-protocol.org/v1.0.0/specification/#843-signature-verification"},
				{Doc: "RFC 8785", Version: "", Section: "3.2", Title: "", URL: "https://www.rfc-editor.org/rfc/rfc8785#section-3.2"},
				{Doc: "RFC 7515", Version: "", Section: "5.2", Title: "", URL: "https://www.rfc-editor.org/rfc/rfc7515#section-5.2"},
			},
			Bad:  sigVerifyKey + "invalid: signature 0 was made over the Python SDK's canonical form, not over the specification's",
			Good: sigVerifyKey + "verified: over the specification's canonical form"}},
		&Rule{Rule: diag.Rule{Code: CodeSignatureKeyUnavailable, Topic: "signatures", External: true, Title: "No key to check the signature",
			Explanation: "The signature could not be checked: none of the keys supplied has its kid, its protected header names no jku to fetch a key set from, the key set at its jku could not be read or does not hold the key, or the key found cannot check this algorithm. Under §8.4.3 the card cannot be verified without the key, and a client that requires signed cards rejects it.",
			HowToFix:    "Give the signer's public key to whoever verifies, by a way they already trust and not through the card: here, `agentcard lint --key public.jwk`; for clients, your documentation, a registry or an agreement with them (RFC 7515 §6 leaves which key to accept to the verifier). A jku naming a JWKS at an https URL, with a kid that the key set holds, lets a client find the key (RFC 7515 §4.1.2, §4.1.4), but a key set on the card's own origin proves only that whoever controls the origin published it (signature-self-published): a client still has to know which key to expect. Make sure the key's kty, crv and alg fit the signature's alg.",
			Basis:       Basis{Kind: BasisLikelyFailure, Note: "§8.4.3: a client finds the key through the protected header's kid and jku; without either it cannot verify, and one that requires signed cards rejects the card."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "8.4.2", Title: "Signature Format", URL: "https://a2a-protocol.org/v1.0.0/specification/#842-signature-format"},
				{Doc: "A2A", Version: "1.0", Section: "8.4.3", Title: "Signature Verification", URL: "https://a2a-protocol.org/v1.0.0/specification/#843-signature-verification"},
				{Doc: "RFC 7515", Version: "", Section: "4.1.2", Title: "", URL: "https://www.rfc-editor.org/rfc/rfc7515#section-4.1.2"},
				{Doc: "RFC 7515", Version: "", Section: "4.1.4", Title: "", URL: "https://www.rfc-editor.org/rfc/rfc7515#section-4.1.4"},
			},
			Bad:  "signatures[0]: {\"alg\":\"ES256\",\"kid\":\"card-key-1\",\"typ\":\"JOSE\"} (no jku)\n\nno key supplied: signature 0 names key \"card-key-1\", but no key was supplied and its protected header has no jku to fetch one from",
			Good: "signatures[0]: {\"alg\":\"ES256\",\"kid\":\"card-key-1\",\"typ\":\"JOSE\",\"jku\":\"https://agent.example.com/.well-known/jwks.json\"}\n\nGET https://agent.example.com/.well-known/jwks.json\n\nHTTP/1.1 200 OK\nContent-Type: application/jwk-set+json\n\n{\"keys\":[{\"kty\":\"EC\",\"crv\":\"P-256\",\"kid\":\"card-key-1\",…}]}"}},
		&Rule{Rule: diag.Rule{Code: CodeSignatureSelfPublished, Topic: "signatures", External: true, Title: "The signature verifies with the card's own key set",
			Explanation: "No key was supplied, so the signature was checked with the key set its jku names on the card's own origin (over https). It verifies: the card and that key set were published by whoever controls the origin, which the https connection already showed. It does not show who the signer is, because the signer chose the key. A jku on another origin is not read at all without a key you supply.",
			HowToFix:    "Nothing to fix in the card. To check that a signer you know signed it, give the checker that signer's public key (`agentcard lint --key public.jwk`, or the key member of POST /api/check).",
			Basis:       Basis{Kind: BasisAdvice, Note: "§8.4.3 lets a client take the key from the kid and jku; a key set on the card's own origin shows the card and the key come from one publisher, not who signed."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "8.4.3", Title: "Signature Verification", URL: "https://a2a-protocol.org/v1.0.0/specification/#843-signature-verification"},
				{Doc: "RFC 7515", Version: "", Section: "4.1.2", Title: "", URL: "https://www.rfc-editor.org/rfc/rfc7515#section-4.1.2"},
			},
			Bad:  "(no bad example: this finding reports what a check without keys can show)",
			Good: "card: https://agent.example.com/.well-known/agent-card.json\nsignatures[0]: {\"alg\":\"ES256\",\"kid\":\"card-key-1\",\"jku\":\"https://agent.example.com/.well-known/jwks.json\"}\n\nself-published: signature 0 verifies with key \"card-key-1\" of the key set the card's origin publishes at \"https://agent.example.com/.well-known/jwks.json\""}},
		&Rule{Rule: diag.Rule{Code: CodeSignatureUntrusted, Topic: "signatures", External: true, Title: "No signature by a key you trust",
			Explanation: "You supplied the keys you trust, and none of the card's signatures verifies with one of them. A key the card's own jku names does not count then: whoever can publish the card can publish a key set for it, so such a key proves nothing about the signer. §8.4.3 has a client verify with the key that kid and jku name or with one from its trusted key store; with only your keys trusted, this card counts as unsigned.",
			HowToFix:    "Sign the card with the private half of a key you trust (`agentcard sign --key private.jwk --kid KID card.json`) and publish it again, or check it with the public key of the signer you expect (`agentcard lint --key public.jwk`).",
			Basis:       Basis{Kind: BasisMust, Note: "§8.4.3 step 2: the key comes from kid and jku or from a trusted key store; with the operator's store none verifies, and RFC 7515 §10.3 asks that a key's origin be authenticated, which a key the signer publishes for itself is not."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "8.4.3", Title: "Signature Verification", URL: "https://a2a-protocol.org/v1.0.0/specification/#843-signature-verification"},
				{Doc: "RFC 7515", Version: "", Section: "10.3", Title: "", URL: "https://www.rfc-editor.org/rfc/rfc7515#section-10.3"},
			},
			Bad:  "key: {\"kty\":\"OKP\",\"crv\":\"Ed25519\",\"kid\":\"ours\",\"x\":\"…\"} (agentcard lint --key ours.jwk)\nsignatures[0]: {\"alg\":\"EdDSA\",\"kid\":\"attacker\",\"jku\":\"https://agent.example.com/jwks.json\"}\n\nno signature of the card verifies with the 1 key you supplied",
			Good: sigVerifyKey + "verified: EdDSA with key \"card-key-1\" from the supplied keys, over the specification's canonical form"}},
		&Rule{Rule: diag.Rule{Code: CodeSignatureUnchecked, Topic: "signatures", External: true, Title: "Signatures left unchecked",
			Explanation: "Not every signature was checked: one check verifies at most 16 signatures and spends a bounded amount of work on them (each key's size and each byte hashed count), so that no card can make the checker compute for long. A card over the bound was built to be expensive, or carries far more signatures and larger keys than key rotation needs.",
			HowToFix:    "Keep one or two signatures per card (one per key in rotation), with ES256 or EdDSA keys or RSA keys of 2048 to 4096 bits.",
			Basis:       Basis{Kind: BasisToolLimit, Note: "No A2A text limits signatures; this tool checks at most 16 per card and caps the work spent on them."},
			Bad:         "signatures: 16 signatures with RSA-8192 keys over a 450 KB card\n\nsignature 9 was not checked: the check's signature work is capped at 40000 units",
			Good:        "signatures: one ES256 signature"}},
	}
}
