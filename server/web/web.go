// Package web is the demo search box served at / — plain HTML, CSS and
// JavaScript embedded in the binary, driven only by the public API — and
// the example client under /examples/.
package web

import (
	"embed"
	"encoding/json"
	"io/fs"
	"net/http"
	"path"
	"strings"

	"searchagent/api"
)

//go:embed static
var static embed.FS

// Route is one GET route of the page.
type Route struct {
	Path    string
	Handler http.Handler
}

// Routes are the page's routes: "/" (the search box), PathControls (its
// typed controls, see Controls), "/static/*file" (its assets and the
// picker data) and "/examples/*file" (the example client).
func Routes() []Route {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the embedded tree always has static/
	}
	files := filesOnly(sub, http.FileServerFS(sub))
	return []Route{
		{Path: "/", Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Cache-Control", "no-cache")
			http.ServeFileFS(w, r, sub, "index.html")
		})},
		{Path: "/static/*file", Handler: http.StripPrefix("/static", noCache(controlsOr(files)))},
		{Path: "/examples/*file", Handler: noCache(files)},
	}
}

func noCache(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		h.ServeHTTP(w, r)
	})
}

// filesOnly serves the embedded files and nothing else: a directory (no
// listing) or a missing file is the API's JSON 404.
func filesOnly(fsys fs.FS, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
		if st, err := fs.Stat(fsys, name); err != nil || st.IsDir() {
			notFound(w, r)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// notFound is the API's JSON error body for a file that is not there.
func notFound(w http.ResponseWriter, r *http.Request) {
	msg := "没有这个文件"
	if strings.HasPrefix(strings.ToLower(strings.TrimSpace(r.Header.Get("Accept-Language"))), "en") {
		msg = "no such file"
	}
	b, _ := json.Marshal(api.ErrorBody{Error: api.ErrorInfo{Code: "not_found", Message: msg}})
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusNotFound)
	_, _ = w.Write(b)
}

// controlsOr answers PathControls (under /static, so the one wildcard
// route keeps every page asset) and hands anything else to h.
func controlsOr(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if path.Clean("/static"+r.URL.Path) == PathControls {
			serveControls(w, r)
			return
		}
		h.ServeHTTP(w, r)
	})
}
