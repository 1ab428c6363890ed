// Package css holds the site's one style sheet, so that Go code can name
// it by its content hash: the static site build writes it under that name
// and the Worker links the same name from the pages it renders.
package css

import _ "embed"

// Source is site.css as written (the build minifies it).
//
//go:embed site.css
var Source []byte
