package server

import (
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/rs/cors"

	"searchagent/api"
)

// corsMaxAge is how long a browser may cache a preflight answer.
const corsMaxAge = 10 * time.Minute

// WithCORSOrigins lets pages on the given origins ("https://app.example",
// "http://localhost:3000") call the API from the browser, EventSource
// included: preflights are answered, X-Session-Token, Last-Event-ID,
// Authorization and Accept-Language may be sent, X-Request-ID and Location
// may be read. Credentials (cookies) are not allowed: the API uses tokens.
// Without this option no cross-origin call is allowed. An origin that is
// not scheme://host[:port] (a path, "*", a blank) makes New fail.
func WithCORSOrigins(origins []string) Option {
	return func(c *config) error {
		if len(origins) == 0 {
			return errors.New("WithCORSOrigins: no origins")
		}
		for _, o := range origins {
			norm, err := normOrigin(o)
			if err != nil {
				return fmt.Errorf("WithCORSOrigins: %w", err)
			}
			c.corsOrigins = append(c.corsOrigins, norm)
		}
		return nil
	}
}

// normOrigin checks that o is an origin as browsers send it and returns
// it without a trailing slash.
func normOrigin(o string) (string, error) {
	s := strings.TrimSuffix(strings.TrimSpace(o), "/")
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" ||
		u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return "", fmt.Errorf("origin %q is not scheme://host[:port] (http or https)", o)
	}
	return u.Scheme + "://" + strings.ToLower(u.Host), nil
}

// newCORS builds the CORS policy for the configured origins (nil when
// none are configured: no cross-origin access at all).
func newCORS(origins []string) *cors.Cors {
	if len(origins) == 0 {
		return nil
	}
	return cors.New(cors.Options{
		AllowedOrigins: origins,
		AllowedMethods: []string{http.MethodGet, http.MethodPost, http.MethodPatch, http.MethodHead},
		AllowedHeaders: []string{"Content-Type", "Accept", "Accept-Language", api.HeaderToken,
			api.HeaderLastEvent, "Authorization", HeaderRequestID, "Cache-Control"},
		ExposedHeaders: []string{HeaderRequestID, "Location", "WWW-Authenticate"},
		MaxAge:         int(corsMaxAge / time.Second),
	})
}

// corsMiddleware applies the policy inside gin, so preflights show in the
// access log and metrics: a preflight is answered here (204, with the
// Access-Control-Allow-* headers only for an allowed origin); other
// requests get their Access-Control-Allow-Origin and go on.
func corsMiddleware(p *cors.Cors) gin.HandlerFunc {
	return func(c *gin.Context) {
		r := c.Request
		p.HandlerFunc(c.Writer, r)
		if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
			c.Abort() // HandlerFunc wrote the preflight answer
			return
		}
		c.Next()
	}
}

// corsReadiness says in /readyz which origins may call the API from a
// browser ("off" when none).
func (s *Server) corsReadiness(rd api.Readiness) api.Readiness {
	extra := maps.Clone(rd.Extra)
	if extra == nil {
		extra = map[string]string{}
	}
	extra["cors"] = "off (same-origin pages only)"
	if len(s.cfg.corsOrigins) > 0 {
		extra["cors"] = strings.Join(s.cfg.corsOrigins, ",")
	}
	rd.Extra = extra
	return rd
}
