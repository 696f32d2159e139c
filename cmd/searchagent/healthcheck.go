package main

import (
	"net/http"
	"time"

	"github.com/spf13/cobra"
)

// newHealthcheckCmd is the container's health check: the image has no
// shell or curl, so the binary asks its own /readyz.
func newHealthcheckCmd() *cobra.Command {
	var url string
	cmd := &cobra.Command{
		Use:   "healthcheck [--url http://127.0.0.1:8080/readyz]",
		Short: "Exit 0 when the service answers its readiness URL with 200 (for container health checks)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			req, err := http.NewRequestWithContext(cmd.Context(), http.MethodGet, url, nil)
			if err != nil {
				return usageErr("--url: %v", err)
			}
			resp, err := (&http.Client{Timeout: 3 * time.Second}).Do(req)
			if err != nil {
				return failErr("%v", err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				return failErr("%s answered %s", url, resp.Status)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&url, "url", "http://127.0.0.1:8080/readyz", "readiness URL")
	return cmd
}
