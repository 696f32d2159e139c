package store

// Expansion says which aliases a keyword was widened with at query time:
// Keyword (as the user wrote it, in Scope) also matched Also.
type Expansion struct {
	Keyword string   `json:"keyword"`
	Scope   Scope    `json:"scope"`
	Also    []string `json:"also_matches"`
}
