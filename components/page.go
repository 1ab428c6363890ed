package components

import "github.com/a-h/templ"

// BootScript is an async classic script and its data attributes
// ("data-" + name); the script finds itself as document.currentScript
// (or by data-engine).
type BootScript struct {
	Src  string
	Data map[string]string
}

func (b BootScript) attrs() templ.Attributes {
	a := templ.Attributes{"data-engine": ""}
	for k, v := range b.Data {
		a["data-"+k] = v
	}
	return a
}

// Preload is a <link rel="preload">: href, what it is for (as: "fetch"),
// its type, and whether it is fetched in CORS mode (fetch() is).
type Preload struct {
	Href, As, Type string
	CrossOrigin    bool
}
