// Package web is the demo search box served at / — plain HTML, CSS and
// JavaScript embedded in the binary, driven only by the public API — and
// the example client under /examples/.
package web

import (
	"embed"
	"io/fs"
	"net/http"
)

//go:embed static
var static embed.FS

// Route is one GET route of the page.
type Route struct {
	Path    string
	Handler http.Handler
}

// Routes are the page's routes: "/" (the search box), "/static/*file"
// (its assets and the picker data) and "/examples/*file" (the example
// client).
func Routes() []Route {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the embedded tree always has static/
	}
	files := http.FileServerFS(sub)
	return []Route{
		{Path: "/", Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Cache-Control", "no-cache")
			http.ServeFileFS(w, r, sub, "index.html")
		})},
		{Path: "/static/*file", Handler: http.StripPrefix("/static", noCache(files))},
		{Path: "/examples/*file", Handler: noCache(files)},
	}
}

func noCache(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		h.ServeHTTP(w, r)
	})
}
