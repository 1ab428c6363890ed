package lint

import (
	"strings"

	"github.com/agentcard/agentcard/core/card"
)

// BasisKind says what a rule rests on, and so which severity it may have
// (the severity policy, docs/RULES.md):
//
//   - error: a MUST or REQUIRED of the card's own specification version
//     (BasisMust), or a failure shown in a named official SDK (BasisSDK);
//   - warning: a SHOULD (BasisShould) or a likely failure
//     (BasisLikelyFailure);
//   - info: advice (BasisAdvice).
//
// BasisToolLimit marks this tool's own limits, which no specification
// sets; their findings say the input was not (fully) checked.
type BasisKind string

const (
	BasisMust          BasisKind = "must"
	BasisShould        BasisKind = "should"
	BasisSDK           BasisKind = "sdk"
	BasisLikelyFailure BasisKind = "likely-failure"
	BasisAdvice        BasisKind = "advice"
	BasisToolLimit     BasisKind = "tool-limit"
)

// Label is the kind as the rule pages and the CLI show it.
func (k BasisKind) Label() string {
	switch k {
	case BasisMust:
		return "MUST / REQUIRED"
	case BasisShould:
		return "SHOULD"
	case BasisSDK:
		return "official SDK behaviour"
	case BasisLikelyFailure:
		return "likely failure"
	case BasisAdvice:
		return "advice"
	case BasisToolLimit:
		return "limit of this tool"
	}
	return string(k)
}

// ruleSource is what one rule rests on. The table is kept apart from the
// rule literals so that it covers every registered rule, including those
// other packages register (core/discovery), and so the severity policy
// test reads it in one place.
type ruleSource struct {
	Basis BasisKind
	// Note says in one sentence which requirement or behaviour the basis
	// is, when the references alone do not.
	Note string
	Refs []card.Ref
}

// a2a, rfc, goSDK and pySDK keep the table short.
func a2a(version, section string) card.Ref { return card.SpecRef(version, section) }
func rfc(n int, section string) card.Ref   { return card.RFCRef(n, section) }
func goSDK(file string) card.Ref           { return card.GoSDKRef(file) }
func pySDK(file string) card.Ref           { return card.PythonSDKRef(file) }

const v10, v03, v02 = card.Spec10, card.Spec030, card.Spec026

// Claims checked against the sources and found right, kept as they are:
// json-invalid-utf8 (Go's encoding/json replaces bad bytes with U+FFFD
// rather than refusing them, so the finding says so); security-requirement-
// legacy-shape (a2a-go reads [{"name": []}] as a requirement naming no
// scheme); credential-in-card (§13.4: credentials MUST be treated as
// secrets); http-status-not-ok (a2a-go's resolver accepts only 200);
// mode-not-media-type (the proto defines modes as media types).
//
// ruleSourceTable maps every rule code to its basis and references.
// register copies the entry onto the rule; a test fails for a rule
// without one. It is built with the catalogue (loadRules), not at
// package init.
func ruleSourceTable() map[string]ruleSource {
	return map[string]ruleSource{
		"json-bom":                           {Basis: BasisMust, Refs: []card.Ref{a2a(v10, "14.3"), rfc(8259, "8.1")}},
		"json-comment":                       {Basis: BasisMust, Refs: []card.Ref{a2a(v10, "14.3"), rfc(8259, "2")}},
		"json-duplicate-key":                 {Basis: BasisSDK, Note: "ProtoJSON readers (the protobuf library behind the SDKs' generated types) refuse a repeated defined member, while plain JSON readers keep the last value: readers disagree on what the card says. RFC 8259 itself only says names SHOULD be unique.", Refs: []card.Ref{a2a(v10, "14.3"), rfc(8259, "4")}},
		"json-invalid-literal":               {Basis: BasisMust, Refs: []card.Ref{a2a(v10, "14.3"), rfc(8259, "3")}},
		"json-invalid-number":                {Basis: BasisMust, Refs: []card.Ref{a2a(v10, "14.3"), rfc(8259, "6")}},
		"json-invalid-string":                {Basis: BasisMust, Refs: []card.Ref{a2a(v10, "14.3"), rfc(8259, "7")}},
		"json-invalid-utf8":                  {Basis: BasisMust, Refs: []card.Ref{a2a(v10, "14.1.1"), rfc(8259, "8.1")}},
		"json-leading-text":                  {Basis: BasisMust, Refs: []card.Ref{a2a(v10, "14.3"), rfc(8259, "2")}},
		"json-missing-comma":                 {Basis: BasisMust, Refs: []card.Ref{a2a(v10, "14.3"), rfc(8259, "2")}},
		"json-non-finite-number":             {Basis: BasisMust, Refs: []card.Ref{a2a(v10, "14.3"), rfc(8259, "6")}},
		"json-single-quote":                  {Basis: BasisMust, Refs: []card.Ref{a2a(v10, "14.3"), rfc(8259, "7")}},
		"json-syntax":                        {Basis: BasisMust, Refs: []card.Ref{a2a(v10, "14.3"), rfc(8259, "2")}},
		"json-too-deep":                      {Basis: BasisToolLimit, Note: "No A2A text limits nesting; 64 levels is where this tool stops reading (RFC 8259 lets a parser set such a limit).", Refs: []card.Ref{rfc(8259, "9")}},
		"json-too-large":                     {Basis: BasisToolLimit, Note: "No A2A text limits the size of a card; 1 MiB is where this tool stops reading.", Refs: []card.Ref{rfc(8259, "9")}},
		"json-trailing-comma":                {Basis: BasisMust, Refs: []card.Ref{a2a(v10, "14.3"), rfc(8259, "4")}},
		"json-trailing-text":                 {Basis: BasisMust, Refs: []card.Ref{a2a(v10, "14.3"), rfc(8259, "2")}},
		"json-truncated":                     {Basis: BasisMust, Refs: []card.Ref{a2a(v10, "14.3"), rfc(8259, "2")}},
		"json-unquoted-key":                  {Basis: BasisMust, Refs: []card.Ref{a2a(v10, "14.3"), rfc(8259, "4")}},
		"field-proto-name-duplicate":         {Basis: BasisMust, Note: "a2a-python reads cards with ProtoJSON and refuses a member given under both its JSON and its proto name; §5.5 requires camelCase names.", Refs: []card.Ref{a2a(v10, "5.5"), pySDK("src/a2a/client/card_resolver.py")}},
		"findings-capped":                    {Basis: BasisToolLimit, Note: "This tool groups repeated findings of one code; not a requirement of the specification.", Refs: []card.Ref{}},
		"not-a-card":                         {Basis: BasisMust, Refs: []card.Ref{a2a(v10, "14.3"), a2a(v10, "8.2")}},
		"not-an-object":                      {Basis: BasisMust, Refs: []card.Ref{a2a(v10, "14.3"), a2a(v10, "4.4.1")}},
		"null-value":                         {Basis: BasisLikelyFailure, Refs: []card.Ref{a2a(v10, "5.7")}},
		"required-field":                     {Basis: BasisMust, Refs: []card.Ref{a2a(v10, "5.7"), a2a(v10, "4.4.1"), a2a(v03, "5.5")}},
		"required-field-empty":               {Basis: BasisMust, Note: "1.0 §5.7: a REQUIRED array MUST hold at least one element and a REQUIRED string must be set. 0.2/0.3 have no such rule, so there the finding is a warning (likely failure).", Refs: []card.Ref{a2a(v10, "5.7")}},
		"too-many-findings":                  {Basis: BasisToolLimit, Note: "This tool stops reporting after 1,000 findings.", Refs: []card.Ref{}},
		"unknown-field":                      {Basis: BasisLikelyFailure, Note: "§5.5 requires camelCase names (ProtoJSON readers such as a2a-python still read the snake_case proto name, plain JSON readers such as a2a-go do not); §5.7 tells receivers to ignore members they do not know, so a misspelt member is silently lost.", Refs: []card.Ref{a2a(v10, "5.5"), a2a(v10, "5.7")}},
		"url-whitespace":                     {Basis: BasisSDK, Note: "Go's URL parser refuses a URL with a leading space, so a2a-go cannot build a request for it.", Refs: []card.Ref{a2a(v10, "4.4.6"), rfc(3986, "2"), goSDK("a2aclient/factory.go")}},
		"wrong-type":                         {Basis: BasisSDK, Note: "a2a-go reads cards with encoding/json into typed structs: a value of the wrong JSON type fails the whole card.", Refs: []card.Ref{a2a(v10, "4.4.1"), a2a(v10, "5.5"), goSDK("a2a/agent.go")}},
		"description-vague":                  {Basis: BasisAdvice, Refs: []card.Ref{a2a(v10, "4.4.1")}},
		"identity-url-internal":              {Basis: BasisShould, Refs: []card.Ref{a2a(v10, "14.3"), a2a(v10, "4.4.1"), a2a(v10, "4.4.2")}},
		"identity-url-invalid":               {Basis: BasisLikelyFailure, Note: "The proto describes these members as URLs without a MUST, and the SDKs store them as plain strings: consumers that show or follow them fail.", Refs: []card.Ref{a2a(v10, "4.4.1"), a2a(v10, "4.4.2")}},
		"identity-url-not-https":             {Basis: BasisLikelyFailure, Refs: []card.Ref{a2a(v10, "4.4.1"), a2a(v10, "4.4.2")}},
		"name-generic":                       {Basis: BasisAdvice, Refs: []card.Ref{a2a(v10, "4.4.1")}},
		"interface-binding-unknown":          {Basis: BasisShould, Refs: []card.Ref{a2a(v10, "5.8"), a2a(v10, "12.7"), a2a(v10, "4.4.6")}},
		"interface-binding-variant":          {Basis: BasisMust, Refs: []card.Ref{a2a(v10, "4.4.6"), a2a(v10, "8.3.1")}},
		"interface-duplicate":                {Basis: BasisAdvice, Refs: []card.Ref{a2a(v10, "8.3.1")}},
		"interface-no-core-binding":          {Basis: BasisSDK, Note: "a2a-go's client factory keeps only entries whose binding it has a transport for, and fails with no compatible transport when none is left.", Refs: []card.Ref{a2a(v10, "8.3.2"), a2a(v10, "12"), goSDK("a2aclient/factory.go")}},
		"interface-tenant":                   {Basis: BasisAdvice, Note: "§8.3.2 requires clients to send the tenant of the chosen entry; this only reminds the author.", Refs: []card.Ref{a2a(v10, "8.3.2"), a2a(v10, "4.4.6")}},
		"interface-transport-key":            {Basis: BasisMust, Refs: []card.Ref{a2a(v10, "4.4.6"), a2a(v10, "5.7")}},
		"interface-url-binding-conflict":     {Basis: BasisMust, Note: "Only the 0.3 text forbids declaring conflicting transports for one URL (§5.6.4); 1.0 §8.3.1 lets one URL serve several bindings, so 1.0 entries are not checked.", Refs: []card.Ref{a2a(v10, "8.3.1"), a2a(v03, "5.6.4"), a2a(v03, "5.6.2")}},
		"interface-url-internal":             {Basis: BasisLikelyFailure, Refs: []card.Ref{a2a(v10, "8.3.1"), a2a(v10, "14.3"), a2a(v10, "4.4.6")}},
		"interface-url-not-absolute":         {Basis: BasisMust, Refs: []card.Ref{a2a(v10, "4.4.6"), a2a(v10, "8.3.1"), a2a(v10, "12.7")}},
		"interface-url-not-https":            {Basis: BasisMust, Note: "§7.1: production deployments MUST use HTTPS for HTTP-based bindings and TLS for gRPC.", Refs: []card.Ref{a2a(v10, "7.1"), a2a(v10, "13.4"), a2a(v10, "4.4.6")}},
		"interface-version-invalid":          {Basis: BasisMust, Refs: []card.Ref{a2a(v10, "3.6"), a2a(v10, "4.4.6")}},
		"interface-version-patch":            {Basis: BasisShould, Refs: []card.Ref{a2a(v10, "3.6")}},
		"interface-version-unknown":          {Basis: BasisAdvice, Refs: []card.Ref{a2a(v10, "3.6"), a2a(v10, "4.4.6")}},
		"field-newer-than-card":              {Basis: BasisLikelyFailure, Refs: []card.Ref{a2a(v03, "5.5"), a2a(v10, "A.2")}},
		"legacy-card":                        {Basis: BasisSDK, Note: "a2a-go's default card parser reads only supportedInterfaces, so a 0.2/0.3 card yields no interface and client creation fails.", Refs: []card.Ref{a2a(v10, "8.3.2"), a2a(v03, "5.6"), goSDK("a2aclient/factory.go")}},
		"legacy-field":                       {Basis: BasisLikelyFailure, Refs: []card.Ref{a2a(v10, "A.2"), a2a(v10, "A.2.2"), a2a(v03, "5.5")}},
		"mixed-card":                         {Basis: BasisAdvice, Refs: []card.Ref{a2a(v10, "8.3.2"), a2a(v03, "5.6.3")}},
		"mixed-legacy-binding-mismatch":      {Basis: BasisMust, Refs: []card.Ref{a2a(v03, "5.6.1"), a2a(v10, "8.3.1")}},
		"mixed-legacy-endpoint-undeclared":   {Basis: BasisShould, Refs: []card.Ref{a2a(v10, "8.3.1"), a2a(v03, "5.6")}},
		"mixed-legacy-version-mismatch":      {Basis: BasisAdvice, Refs: []card.Ref{a2a(v10, "3.6.2")}},
		"mixed-legacy-version-missing":       {Basis: BasisMust, Refs: []card.Ref{a2a(v03, "5.5")}},
		"extended-card-without-security":     {Basis: BasisMust, Note: "The extended card MUST be fetched with authentication using a scheme the public card declares (§3.1.11, §13.3); with none declared that cannot happen.", Refs: []card.Ref{a2a(v10, "3.1.11"), a2a(v10, "13.3"), a2a(v03, "7.10")}},
		"extension-duplicate":                {Basis: BasisLikelyFailure, Note: "Two declarations of one extension leave clients to guess which settings hold; a2a-go keeps both and treats the extension as required if either entry says so.", Refs: []card.Ref{a2a(v10, "4.4.4"), a2a(v10, "4.6.1")}},
		"extension-required":                 {Basis: BasisAdvice, Refs: []card.Ref{a2a(v10, "4.4.4"), a2a(v10, "3.3.4")}},
		"extension-uri-invalid":              {Basis: BasisLikelyFailure, Note: "The proto calls uri the unique URI of the extension, without a MUST; clients compare it as a string, so a non-URI identity is easily confused.", Refs: []card.Ref{a2a(v10, "4.4.4"), a2a(v10, "4.6.3")}},
		"mode-media-range":                   {Basis: BasisAdvice, Refs: []card.Ref{a2a(v10, "4.4.1"), a2a(v10, "4.4.5"), rfc(9110, "12.5.1")}},
		"mode-not-media-type":                {Basis: BasisLikelyFailure, Refs: []card.Ref{a2a(v10, "4.4.1"), a2a(v10, "4.4.5"), rfc(6838, "4.2")}},
		"skill-description-generic":          {Basis: BasisAdvice, Refs: []card.Ref{a2a(v10, "4.4.5")}},
		"skill-id-duplicate":                 {Basis: BasisLikelyFailure, Note: "The proto defines id as a unique identifier of the skill, without a keyword; a client choosing a skill by id cannot tell the two apart.", Refs: []card.Ref{a2a(v10, "4.4.5")}},
		"skill-id-not-slug":                  {Basis: BasisAdvice, Refs: []card.Ref{a2a(v10, "4.4.5")}},
		"skill-no-examples":                  {Basis: BasisAdvice, Refs: []card.Ref{a2a(v10, "4.4.5")}},
		"credential-in-card":                 {Basis: BasisMust, Refs: []card.Ref{a2a(v10, "13.4"), a2a(v10, "14.3"), a2a(v10, "7.3"), a2a(v03, "5.4")}},
		"security-apikey-location":           {Basis: BasisMust, Refs: []card.Ref{a2a(v10, "4.5.2"), a2a(v03, "5.5.3")}},
		"security-http-scheme-unknown":       {Basis: BasisShould, Refs: []card.Ref{a2a(v10, "4.5.3"), rfc(9110, "11.1")}},
		"security-oauth-flow-deprecated":     {Basis: BasisShould, Refs: []card.Ref{a2a(v10, "4.5.7"), rfc(9700, "2.1.2"), rfc(9700, "2.4")}},
		"security-oauth-flows-one-of":        {Basis: BasisSDK, Note: "a2a-go refuses the whole card when an OAuth2 scheme has no flow or more than one (OAuth2SecurityScheme.UnmarshalJSON).", Refs: []card.Ref{a2a(v10, "4.5.7"), a2a(v10, "4.5.4"), goSDK("a2a/auth.go")}},
		"security-requirement-legacy-shape":  {Basis: BasisSDK, Note: "a2a-go reads a 0.3-shaped entry inside securityRequirements as a requirement naming no scheme.", Refs: []card.Ref{a2a(v10, "4.4.1"), a2a(v10, "4.4.5"), goSDK("a2a/auth.go")}},
		"security-requirement-undefined":     {Basis: BasisSDK, Note: "a2a-go's auth interceptor skips names absent from securitySchemes and sends no credential for them, so the requirement can never be met; 0.2/0.3 cards adopt OpenAPI's rule that each name MUST match a declared scheme.", Refs: []card.Ref{a2a(v10, "4.4.1"), a2a(v10, "13.3"), a2a(v03, "5.5"), goSDK("a2aclient/auth.go")}},
		"security-scheme-legacy-shape":       {Basis: BasisSDK, Note: "a2a-go refuses the whole card when a scheme has the 0.3 \"type\" shape instead of one 1.0 wrapper (NamedSecuritySchemes.UnmarshalJSON); a2a-python converts it.", Refs: []card.Ref{a2a(v10, "4.5.1"), a2a(v10, "A.2"), goSDK("a2a/auth.go"), pySDK("src/a2a/client/card_resolver.py")}},
		"security-scheme-one-of":             {Basis: BasisSDK, Note: "a2a-go refuses the whole card when a scheme has no wrapper, a misspelt one or two (NamedSecuritySchemes.UnmarshalJSON).", Refs: []card.Ref{a2a(v10, "4.5.1"), goSDK("a2a/auth.go")}},
		"security-scheme-type":               {Basis: BasisMust, Refs: []card.Ref{a2a(v03, "5.5.3"), a2a(v02, "5.5.3")}},
		"security-scope-undeclared":          {Basis: BasisLikelyFailure, Refs: []card.Ref{a2a(v10, "4.4.1"), a2a(v10, "4.5.8")}},
		"security-url-not-https":             {Basis: BasisMust, Refs: []card.Ref{a2a(v10, "4.5.4"), a2a(v10, "4.5.5"), a2a(v10, "4.5.8"), rfc(6749, "3.1"), rfc(6749, "3.2")}},
		"signature-alg-none":                 {Basis: BasisMust, Refs: []card.Ref{a2a(v10, "8.4.2"), a2a(v10, "8.4.3"), rfc(7518, "3.6")}},
		"signature-encoding":                 {Basis: BasisMust, Refs: []card.Ref{a2a(v10, "8.4.2"), rfc(7515, "2"), rfc(7515, "7.2")}},
		"signature-header-incomplete":        {Basis: BasisMust, Refs: []card.Ref{a2a(v10, "8.4.2"), rfc(7515, "4.1.1"), rfc(7515, "4.1.4")}},
		"signature-jku-insecure":             {Basis: BasisShould, Refs: []card.Ref{a2a(v10, "8.4.3"), rfc(7515, "4.1.2")}},
		"signature-placeholder":              {Basis: BasisMust, Note: "§8.4.2: the signature is a JWS over the canonical card (defaults removed, signatures excluded, RFC 8785); a placeholder can never verify.", Refs: []card.Ref{a2a(v10, "8.4.1"), a2a(v10, "8.4.2"), a2a(v10, "8.4.3")}},
		"signature-protected-invalid":        {Basis: BasisMust, Refs: []card.Ref{a2a(v10, "8.4.2"), rfc(7515, "7.2.1")}},
		"signature-invalid":                  {Basis: BasisMust, Note: "§8.4.1: the card MUST be canonicalized (defaults removed, signatures excluded, RFC 8785) before signing, and §8.4.3 verifies against that form; a signature over any other bytes fails every client that verifies.", Refs: []card.Ref{a2a(v10, "8.4.1"), a2a(v10, "8.4.3"), rfc(8785, "3.2"), rfc(7515, "5.2")}},
		"signature-key-unavailable":          {Basis: BasisLikelyFailure, Note: "§8.4.3: a client finds the key through the protected header's kid and jku; without either it cannot verify, and one that requires signed cards rejects the card.", Refs: []card.Ref{a2a(v10, "8.4.2"), a2a(v10, "8.4.3"), rfc(7515, "4.1.2"), rfc(7515, "4.1.4")}},
		"signature-typ":                      {Basis: BasisShould, Note: "§8.4.2: typ SHOULD be \"JOSE\". The same section also lists typ among the header parameters it calls required; the text is ambiguous, so a missing typ stays a note.", Refs: []card.Ref{a2a(v10, "8.4.2"), rfc(7515, "4.1.9")}},
		"signature-verified":                 {Basis: BasisAdvice, Note: "A successful verification (§8.4.3), reported so that a check with keys shows what it proved.", Refs: []card.Ref{a2a(v10, "8.4.3")}},
		"http-body-too-large":                {Basis: BasisToolLimit, Note: "No A2A text limits the size of a served card; this tool reads at most 512 KiB of a response.", Refs: []card.Ref{}},
		"http-cache-max-age":                 {Basis: BasisShould, Refs: []card.Ref{a2a(v10, "8.6.1")}},
		"http-content-type":                  {Basis: BasisAdvice, Note: "No content type is required for the card: §14.1.1 ties application/a2a+json to the HTTP+JSON binding, a2a-go serves cards as application/json and neither SDK resolver looks at the header.", Refs: []card.Ref{a2a(v10, "14.1.1"), goSDK("a2asrv/agentcard.go")}},
		"http-cors-missing":                  {Basis: BasisAdvice, Note: "Browsers let pages read a card from another origin only with CORS headers; the specification does not ask for them, and the Go SDK's card handler sends them by default.", Refs: []card.Ref{card.DocRef("Fetch Standard", "CORS protocol", "https://fetch.spec.whatwg.org/#http-cors-protocol"), goSDK("a2asrv/agentcard.go")}},
		"http-etag-missing":                  {Basis: BasisShould, Refs: []card.Ref{a2a(v10, "8.6.1")}},
		"http-insecure-url":                  {Basis: BasisShould, Refs: []card.Ref{a2a(v10, "14.3"), a2a(v10, "8.2"), a2a(v10, "7.1")}},
		"http-last-modified-missing":         {Basis: BasisAdvice, Refs: []card.Ref{a2a(v10, "8.6.1")}},
		"http-legacy-path":                   {Basis: BasisLikelyFailure, Refs: []card.Ref{a2a(v10, "8.2"), a2a(v10, "14.3"), a2a(v02, "5.3")}},
		"http-not-json":                      {Basis: BasisMust, Refs: []card.Ref{a2a(v10, "14.3"), rfc(8259, "")}},
		"http-redirects":                     {Basis: BasisSDK, Note: "a2a-python's resolver fails on any non-2xx answer and httpx does not follow redirects unless asked; a2a-go follows them.", Refs: []card.Ref{a2a(v10, "8.2"), pySDK("src/a2a/client/card_resolver.py")}},
		"http-status-not-ok":                 {Basis: BasisMust, Note: "§8.1 requires the card to be available; a2a-go's resolver accepts only status 200.", Refs: []card.Ref{a2a(v10, "8.1"), a2a(v10, "14.3"), goSDK("a2aclient/agentcard/resolver.go")}},
		"http-varies-by-version":             {Basis: BasisAdvice, Refs: []card.Ref{a2a(v10, "3.6.2"), a2a(v10, "3.6.1")}},
		"extended-card-identity-differs":     {Basis: BasisLikelyFailure, Note: "A client that fetched the extended card uses it in place of the public one; a different name, provider or version shows its user another agent.", Refs: []card.Ref{a2a(v10, "3.1.11"), a2a(v10, "4.4.1")}},
		"extended-card-invalid":              {Basis: BasisLikelyFailure, Note: "Clients read the extended card as they read the public one, so its errors fail them the same way.", Refs: []card.Ref{a2a(v10, "3.1.11"), a2a(v10, "4.4.1")}},
		"extended-card-new-interface":        {Basis: BasisAdvice, Note: "An interface only for authenticated callers is allowed; the finding makes it visible.", Refs: []card.Ref{a2a(v10, "3.1.11"), a2a(v10, "8.3.1")}},
		"extended-card-public":               {Basis: BasisMust, Note: "§3.1.11 makes the extended card an authenticated operation (the client MUST authenticate with a scheme of the public card) and §13.3 puts it under access control; answering anonymous callers discloses what the public card keeps back.", Refs: []card.Ref{a2a(v10, "3.1.11"), a2a(v10, "13.3"), a2a(v03, "7.10")}},
		"extended-card-skills-missing":       {Basis: BasisLikelyFailure, Note: "A client that fetched the extended card uses it in place of the public one and no longer offers skills it lacks.", Refs: []card.Ref{a2a(v10, "3.1.11"), a2a(v10, "4.4.5")}},
		"extended-card-unavailable":          {Basis: BasisLikelyFailure, Note: "§3.3.4: an agent that declares the extended card and has none configured answers ExtendedAgentCardNotConfiguredError, so the promise fails every client that relies on it.", Refs: []card.Ref{a2a(v10, "3.1.11"), a2a(v10, "3.3.4"), a2a(v03, "7.10")}},
		"probe-auth-required":                {Basis: BasisAdvice, Note: "A protected endpoint is allowed; the card's security schemes are how clients learn what it asks for.", Refs: []card.Ref{a2a(v10, "7.3"), a2a(v10, "4.5.1")}},
		"probe-unreachable":                  {Basis: BasisLikelyFailure, Refs: []card.Ref{a2a(v10, "8.3.1"), a2a(v10, "7.1")}},
		"probe-version-refused":              {Basis: BasisSDK, Note: "a2a-go's client sends the selected entry's protocol version as A2A-Version with every call, so a server that refuses that version fails them all.", Refs: []card.Ref{a2a(v10, "3.6.2"), a2a(v10, "3.6.1"), a2a(v10, "8.3.1"), goSDK("a2aclient/client.go")}},
		"probe-wrong-binding":                {Basis: BasisSDK, Note: "a2a-go's JSON-RPC and HTTP+JSON client transports decode every answer as their binding's messages and fail on anything else.", Refs: []card.Ref{a2a(v10, "8.3.1"), a2a(v10, "4.4.6"), goSDK("a2aclient/jsonrpc.go"), goSDK("a2aclient/rest.go")}},
		"extension-uri-unversioned":          {Basis: BasisShould, Note: "§4.6.3: extensions SHOULD include version information in their URI, and breaking changes MUST get a new URI.", Refs: []card.Ref{a2a(v10, "4.6.3"), a2a(v10, "4.4.4")}},
		"legacy-preferred-transport-missing": {Basis: BasisMust, Note: "0.3 §5.6.1 makes preferredTransport REQUIRED although the 0.3 JSON Schema gives it a JSONRPC default; the Go SDK's 0.3 reader ignores url without it (a2av0 compat parser), the Python SDK assumes JSONRPC.", Refs: []card.Ref{a2a(v03, "5.6.1"), a2a(v03, "5.6.4"), goSDK("a2acompat/a2av0/agentcard.go"), pySDK("src/a2a/client/card_resolver.py")}},
	}
}

// ruleSources is ruleSourceTable, once the catalogue is loaded.
var ruleSources map[string]ruleSource

// outsideDoc matches names of documents that are not in this repository
// (Markdown files, test-kit requirement ids) in rule text.
var outsideDoc = lazyRegexp(`[A-Z][A-Z-]*\.md|\bTCK\b|CARD-[A-Z]+-\d+`)

// CatalogueProblems reports, for every rule given, what breaks the severity
// policy or the reference rules: a missing basis, an A2A reference to a
// section that is not in the cited-sections table (itself checked against
// testdata/spec/sections by core/card), a severity the basis does not
// allow, or text pointing at documents outside the repository.
func CatalogueProblems(rules []*Rule) []string {
	loadRules()
	var bad []string
	for _, r := range rules {
		if _, ok := ruleSources[r.Code]; !ok {
			bad = append(bad, r.Code+": no entry in ruleSources")
			continue
		}
		for _, p := range refProblems(r.Refs) {
			bad = append(bad, r.Code+": "+p)
		}
		if !severityAllowed(r.Code, r.Severity, r.Basis.Kind) {
			bad = append(bad, r.Code+": severity "+r.Severity.String()+" with basis "+string(r.Basis.Kind))
		}
		if r.Basis.Kind != BasisToolLimit && r.Basis.Kind != BasisAdvice && len(r.Refs) == 0 {
			bad = append(bad, r.Code+": basis "+string(r.Basis.Kind)+" without a reference")
		}
		for _, text := range []string{r.Title, r.Explanation, r.HowToFix, r.Spec, r.Basis.Note} {
			if m := outsideDoc().FindString(text); m != "" {
				bad = append(bad, r.Code+": cites "+m+", which is not in this repository")
			}
		}
	}
	return bad
}

// severityAllowed is the policy (docs/RULES.md): errors rest on a MUST of
// the card's own version or on a failure shown in a named official SDK;
// warnings on at least a SHOULD or a likely failure; advice is info. Tool
// limits are labelled as such and may stop the check.
func severityAllowed(code string, sev Severity, k BasisKind) bool {
	switch sev {
	case Error:
		return k == BasisMust || k == BasisSDK || k == BasisToolLimit
	case Warning:
		return k != BasisAdvice
	}
	return true
}

func refProblems(refs []card.Ref) []string {
	var out []string
	for _, r := range refs {
		switch {
		case r.URL == "":
			out = append(out, r.String()+": no link")
		case r.Doc == "A2A" && r.Title == "":
			out = append(out, "A2A v"+r.Version+" §"+r.Section+" is not a known section of that version")
		case r.Doc == "A2A" && !strings.Contains(r.URL, "#"):
			out = append(out, r.String()+": link has no anchor")
		}
	}
	return out
}
