package card

// objectRefs are the sections that define each object type, per version:
// the 1.0 proto-derived tables (§4.4, §4.5) and the 0.3.0/0.2.6 object
// sections. A field cites the sections of the versions that have it.
// (read by fillRefs only: built then).
func objectRefs() map[string]map[Eras]string {
	return map[string]map[Eras]string{
		"AgentCard":                   {V10: "4.4.1", V03: "5.5", V02: "5.5"},
		"AgentInterface":              {V10: "4.4.6", V03: "5.5.5", V02: "5.5.5"},
		"AgentProvider":               {V10: "4.4.2", V03: "5.5.1", V02: "5.5.1"},
		"AgentCapabilities":           {V10: "4.4.3", V03: "5.5.2", V02: "5.5.2"},
		"AgentExtension":              {V10: "4.4.4", V03: "5.5.2.1", V02: "5.5.2.1"},
		"AgentSkill":                  {V10: "4.4.5", V03: "5.5.4", V02: "5.5.4"},
		"AgentCardSignature":          {V10: "4.4.7", V03: "5.5.6"},
		"SecurityRequirement":         {V10: "4.4.1"}, // no heading of its own
		"StringList":                  {V10: "4.4.1"},
		"SecurityScheme":              {V10: "4.5.1"},
		"APIKeySecurityScheme":        {V10: "4.5.2"},
		"HTTPAuthSecurityScheme":      {V10: "4.5.3"},
		"OAuth2SecurityScheme":        {V10: "4.5.4"},
		"OpenIdConnectSecurityScheme": {V10: "4.5.5"},
		"MutualTlsSecurityScheme":     {V10: "4.5.6"},
		"OAuthFlows":                  {V10: "4.5.7", V03: "5.5.3", V02: "5.5.3"},
		"AuthorizationCodeOAuthFlow":  {V10: "4.5.8", V03: "5.5.3", V02: "5.5.3"},
		"ClientCredentialsOAuthFlow":  {V10: "4.5.9", V03: "5.5.3", V02: "5.5.3"},
		"DeviceCodeOAuthFlow":         {V10: "4.5.10"},
		"ImplicitOAuthFlow":           {V10: "4.5.7", V03: "5.5.3", V02: "5.5.3"}, // deprecated in 1.0, no heading
		"PasswordOAuthFlow":           {V10: "4.5.7", V03: "5.5.3", V02: "5.5.3"},
		"LegacySecurityScheme":        {V03: "5.5.3", V02: "5.5.3"},
	}
}

// fieldRefs add sections that say more about one field than its object's
// table does (read by fillRefs only: built then).
func fieldRefs() map[string][]Ref {
	return map[string][]Ref{
		"AgentCard.supportedInterfaces":               {SpecRef(Spec10, "8.3.1"), SpecRef(Spec10, "8.3.2")},
		"AgentCard.signatures":                        {SpecRef(Spec10, "8.4")},
		"AgentCard.url":                               {SpecRef(Spec030, "5.6.1")},
		"AgentCard.preferredTransport":                {SpecRef(Spec030, "5.6.1")},
		"AgentCard.additionalInterfaces":              {SpecRef(Spec030, "5.6.2")},
		"AgentCard.supportsAuthenticatedExtendedCard": {SpecRef(Spec030, "7.10"), SpecRef(Spec10, "A.2.2")},
		"AgentCapabilities.extendedAgentCard":         {SpecRef(Spec10, "3.1.11"), SpecRef(Spec10, "A.2.2")},
		"AgentCapabilities.extensions":                {SpecRef(Spec10, "4.6.1")},
		"AgentExtension.uri":                          {SpecRef(Spec10, "4.6.3")},
		"AgentInterface.protocolBinding":              {SpecRef(Spec10, "5.8")},
		"AgentInterface.protocolVersion":              {SpecRef(Spec10, "3.6")},
		"AgentInterface.tenant":                       {SpecRef(Spec10, "8.3.2")},
		"AgentCardSignature.protected":                {SpecRef(Spec10, "8.4.2")},
		"AgentCardSignature.signature":                {SpecRef(Spec10, "8.4.2")},
	}
}

var eraSpec = []struct {
	era     Eras
	version string
}{{V10, Spec10}, {V03, Spec030}, {V02, Spec026}}

// fillRefs sets every field's Refs and Spec (loadFields).
func fillRefs() {
	more, objects := fieldRefs(), objectRefs()
	for i := range fields {
		f := &fields[i]
		var refs []Ref
		for _, e := range eraSpec {
			if f.In&e.era == 0 {
				continue
			}
			if sec, ok := objects[f.Object][e.era]; ok {
				refs = append(refs, SpecRef(e.version, sec))
			}
		}
		refs = append(refs, more[f.Object+"."+f.Name]...)
		f.Refs = refs
		f.Spec = RefsText(refs)
	}
}
