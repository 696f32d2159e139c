package store

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
)

//go:generate go run ../../cmd/searchagent relevance --fit --fit-out weights.json --demo --now 2026-01-01 --anchors 600 --catalog ../../../shared/data/real/influencers-instagram-2022-12.csv --catalog ../../../shared/data/real/influencers-tiktok-2022-12.csv --catalog ../../../shared/data/real/influencers-youtube-2022-12.csv --catalog ../../../shared/data/real/top-youtubers-with-links.csv

// weightsJSON is the file of fitted hybrid weights written by
// `searchagent relevance --fit` (tools/store/relevance.Fit; the procedure,
// the catalogs and the figures the weights reach are in the file and the
// README, "Fitted weights").
//
//go:embed weights.json
var weightsJSON []byte

// HandSetWeights are the hybrid weights set by hand with the relevance
// report before they were fitted (issue 17): the fit's starting point.
var HandSetWeights = Weights{Content: 5, Tags: 6, Category: 2, Audience: 1.5, Views: 0.1, Country: 0.3, Language: 1, Activity: 0.05}

// DefaultWeights are the hybrid weights of both stores (the memory store's
// ranking and the PostgreSQL store's re-ranking read this one variable):
// the fitted weights of weights.json.
var DefaultWeights = mustWeights(weightsJSON)

// DefaultWeightsName names the ranker weights both stores use, for
// /readyz, the start-up log and every trace: the file's format version, the
// first 12 hex digits of its SHA-256 (a refit changes it) and the train
// objective the fit reached from the hand-set start, e.g.
// "fitted weights v1 sha256:0123456789ab (train objective 1.2385 → 1.2793; searchagent relevance --fit)".
var DefaultWeightsName = mustWeightsName(weightsJSON)

// WeightsFileVersion is the format version of weights.json this build
// reads.
const WeightsFileVersion = 1

// ParseWeights reads the weights of a weights file (the rest of the file
// documents how they were fitted).
func ParseWeights(data []byte) (Weights, error) {
	var f struct {
		Version int      `json:"version"`
		Weights *Weights `json:"weights"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return Weights{}, fmt.Errorf("weights file: %w", err)
	}
	if f.Version != WeightsFileVersion {
		return Weights{}, fmt.Errorf("weights file: format version %d, this build reads %d", f.Version, WeightsFileVersion)
	}
	if f.Weights == nil {
		return Weights{}, fmt.Errorf("weights file: no weights")
	}
	return *f.Weights, nil
}

func mustWeights(data []byte) Weights {
	w, err := ParseWeights(data)
	if err != nil {
		panic(err)
	}
	return w
}

// WeightsName is how a weights file is named where the active ranker is
// reported (DefaultWeightsName).
func WeightsName(data []byte) (string, error) {
	var f struct {
		Version        int     `json:"version"`
		StartObjective float64 `json:"start_objective"`
		Objective      float64 `json:"objective"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return "", fmt.Errorf("weights file: %w", err)
	}
	sum := sha256.Sum256(data)
	return fmt.Sprintf("fitted weights v%d sha256:%s (train objective %.4f → %.4f; searchagent relevance --fit)",
		f.Version, hex.EncodeToString(sum[:])[:12], f.StartObjective, f.Objective), nil
}

func mustWeightsName(data []byte) string {
	n, err := WeightsName(data)
	if err != nil {
		panic(err)
	}
	return n
}
