package router

import "testing"

// TestExcludeNoInPortugueseSpanish: the English exclusion "no X" is not read
// inside a Portuguese or Spanish sentence, where "no" is "in the" (no
// Spotify) or negates an adjective (no muy grandes); English "no X" still
// excludes X (keyword.exclude's no_in_pt_es pattern).
func TestExcludeNoInPortugueseSpanish(t *testing.T) {
	s := defaultSnapshot(t)
	cases := []struct {
		text    string
		exclude bool
	}{
		{"canais de culinária no YouTube com mais de 50 mil inscritos", false},
		{"quero aumentar meus ouvintes no Spotify antes do show", false},
		{"músicos independentes no Spotify", false},
		{"creadores de tecnología no muy grandes", false},
		{"canales de viajes no tan conocidos en YouTube", false},
		{"tech reviewers, no gaming", true},
		{"travel vloggers in Las Vegas, no gambling", true},
		{"no unboxing videos please", true},
		{"cooking channels from youtube.com, no vegan", true},
	}
	for _, c := range cases {
		res, err := s.Query(Input{Text: c.text})
		if err != nil {
			t.Fatalf("Query(%q) error = %v", c.text, err)
		}
		got := false
		for _, cmd := range res.Commands {
			if cmd.Name == "exclude_keyword" {
				got = true
			}
		}
		if got != c.exclude {
			t.Errorf("%q: exclude_keyword = %v, want %v (top %v)", c.text, got, c.exclude, res.Top)
		}
	}
}
