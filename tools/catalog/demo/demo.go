package demo

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"searchagent/tools/catalog"
	"searchagent/tools/platform"
)

// DefaultSeed is the seed of the default demo catalog.
const DefaultSeed uint64 = 20260323

// Default channel counts per platform (20,000 in all).
const (
	DefaultYouTube   = 8000
	DefaultInstagram = 5000
	DefaultTikTok    = 5000
	DefaultX         = 2000
)

// Source is the Source of every demo channel.
const Source = "demo"

// DefaultNow is the reference time used when WithNow is not given:
// 2026-03-23 00:00 UTC, the date of the specification. Activity dates are
// relative to it, so a catalog generated with the default looks more and
// more stale as real time passes; a server passes WithNow(time.Now()).
func DefaultNow() time.Time { return time.Date(2026, 3, 23, 0, 0, 0, 0, time.UTC) }

// ErrBadOption is returned by Catalog for an option value it cannot honour.
var ErrBadOption = errors.New("demo: bad option")

type config struct {
	seed   uint64
	now    time.Time
	counts map[platform.Platform]int
	errs   []error
}

// Option configures generation.
type Option func(*config)

// WithSeed sets the seed of the random channels. The showcase channels
// (see Showcase) are the same for every seed.
func WithSeed(seed uint64) Option { return func(c *config) { c.seed = seed } }

// WithNow sets the reference time that activity dates are relative to.
// It is truncated to the second.
func WithNow(now time.Time) Option { return func(c *config) { c.now = now } }

// WithCount sets the number of channels of one platform; 0 leaves the
// platform empty. The showcase channels of the platform come first and
// count towards n (with n below their number only the first n are made).
func WithCount(p platform.Platform, n int) Option {
	return func(c *config) {
		switch {
		case !p.Valid():
			c.errs = append(c.errs, fmt.Errorf("%w: WithCount: unknown platform %q", ErrBadOption, p))
		case n < 0:
			c.errs = append(c.errs, fmt.Errorf("%w: WithCount(%s, %d): negative count", ErrBadOption, p, n))
		default:
			c.counts[p] = n
		}
	}
}

// WithTotal sets n channels in all, split across the platforms in the
// default proportions (40% YouTube, 25% Instagram, 25% TikTok, the rest
// X): WithTotal(200000) is the 200k catalog of the recall benchmark.
func WithTotal(n int) Option {
	return func(c *config) {
		if n < 0 {
			c.errs = append(c.errs, fmt.Errorf("%w: WithTotal(%d): negative count", ErrBadOption, n))
			return
		}
		const all = DefaultYouTube + DefaultInstagram + DefaultTikTok + DefaultX
		yt, ig, tt := n*DefaultYouTube/all, n*DefaultInstagram/all, n*DefaultTikTok/all
		c.counts[platform.YouTube], c.counts[platform.Instagram], c.counts[platform.TikTok] = yt, ig, tt
		c.counts[platform.X] = n - yt - ig - tt
	}
}

func newConfig(opts []Option) config {
	c := config{
		seed: DefaultSeed,
		now:  DefaultNow(),
		counts: map[platform.Platform]int{
			platform.YouTube:   DefaultYouTube,
			platform.Instagram: DefaultInstagram,
			platform.TikTok:    DefaultTikTok,
			platform.X:         DefaultX,
		},
	}
	for _, o := range opts {
		o(&c)
	}
	if c.now.IsZero() {
		c.errs = append(c.errs, fmt.Errorf("%w: WithNow: zero time", ErrBadOption))
		c.now = DefaultNow()
	}
	c.now = c.now.UTC().Round(0).Truncate(time.Second)
	return c
}

// Generate returns the demo channels: per platform in platform.All()
// order, the showcase channels first, then the random ones. The same
// options always give the same channels, byte for byte. Invalid options
// (see Catalog) are ignored here.
func Generate(opts ...Option) []*catalog.Channel {
	cfg := newConfig(opts)
	tb := compileTables()
	var out []*catalog.Channel
	for i, p := range platform.All() {
		n := cfg.counts[p]
		if n == 0 {
			continue
		}
		g := newGen(p, tb, cfg.now, rand.New(rand.NewPCG(showcaseSeed, uint64(i))), n)
		for _, f := range fixedFor(p) {
			g.fixed(f, n)
		}
		// The random channels have their own stream, so the showcase
		// does not shift them and they do not shift each other's platforms.
		g.r = rand.New(rand.NewPCG(cfg.seed, uint64(i)+1))
		for len(g.out) < n {
			g.random()
		}
		out = append(out, g.out...)
	}
	return out
}

// Catalog generates the demo channels and indexes them. It fails on an
// invalid option (an unknown platform, a negative count, a zero time) and,
// as a guard, if the generated channels are invalid or conflict.
func Catalog(opts ...Option) (*catalog.Catalog, error) {
	cfg := newConfig(opts)
	if len(cfg.errs) > 0 {
		return nil, errors.Join(cfg.errs...)
	}
	chs := Generate(opts...)
	label := fmt.Sprintf("demo: generated %d channels (seed %d, now %s)", len(chs), cfg.seed, cfg.now.Format(time.DateOnly))
	cat, conflicts, err := catalog.New(label, chs)
	if err != nil {
		return nil, fmt.Errorf("demo: %w", err)
	}
	if len(conflicts) > 0 {
		return nil, fmt.Errorf("demo: %d key conflicts, first %s", len(conflicts), conflicts[0])
	}
	return cat, nil
}
