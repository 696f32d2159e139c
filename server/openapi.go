package server

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// openapi serves the OpenAPI document (api.OpenAPIJSON), bundled once at
// New.
func (s *Server) openapi(c *gin.Context) {
	c.Header("X-Content-Type-Options", "nosniff")
	c.Header("Cache-Control", "no-cache")
	c.Data(http.StatusOK, "application/json; charset=utf-8", s.openapiDoc)
}
