package condparse

import (
	"errors"
	"fmt"
	"time"

	"searchagent/tools/platform"
)

// ErrBadOption is returned by New and Parse for an option value the parser
// cannot honour.
var ErrBadOption = errors.New("condparse: bad option")

// DefaultRecentDays is the window "最近活跃" / "recently active" means.
const DefaultRecentDays = 30

// NameMatch is one exact channel name found in a text, as a byte range of
// that text.
type NameMatch struct {
	Start, End int
	// ChannelID becomes the anchor condition's value.
	ChannelID string
	// Name is the display name, used for the label.
	Name string
}

// NameMatcher recognises exact channel names in free text (spec 3.7.2,
// step 1: "精确频道名"). The catalog owns the implementation. Matches that
// are out of range, not on rune or word boundaries, that cut through a link
// or handle, that are a single vocabulary word, or that overlap an earlier
// match are ignored.
type NameMatcher interface {
	MatchNames(text string) []NameMatch
}

// NameMatcherFunc adapts a function to NameMatcher.
type NameMatcherFunc func(text string) []NameMatch

// MatchNames implements NameMatcher.
func (f NameMatcherFunc) MatchNames(text string) []NameMatch { return f(text) }

// Option configures a Parser.
type Option func(*config) error

type config struct {
	names      NameMatcher
	recentDays int64
	platform   platform.Platform
	// now is the reference time of calendar windows; zero: the clock.
	now time.Time
	// followup: the text continues a search the session holds
	// (WithFollowup).
	followup bool
}

func newConfig(opts []Option) (config, error) {
	c := config{recentDays: DefaultRecentDays}
	for _, o := range opts {
		if o == nil {
			continue
		}
		if err := o(&c); err != nil {
			return config{}, err
		}
	}
	return c, nil
}

// WithChannelNames lets the parser recognise exact channel names as anchors
// in natural and mixed input. A nil matcher is an error.
func WithChannelNames(m NameMatcher) Option {
	return func(c *config) error {
		if m == nil {
			return fmt.Errorf("%w: WithChannelNames(nil)", ErrBadOption)
		}
		c.names = m
		return nil
	}
}

// WithRecentDays sets what "最近活跃" / "recently active" means, in days
// (default 30, allowed 1..3650).
func WithRecentDays(days int) Option {
	return func(c *config) error {
		if days < 1 || days > 3650 {
			return fmt.Errorf("%w: WithRecentDays(%d) outside 1..3650", ErrBadOption, days)
		}
		c.recentDays = int64(days)
		return nil
	}
}

// WithPlatform names the platform the search box is on; a platform
// condition naming another platform is then pending with issue
// "platform_mismatch" (spec 3.7.6) instead of applied.
func WithPlatform(p platform.Platform) Option {
	return func(c *config) error {
		if !p.Valid() {
			return fmt.Errorf("%w: WithPlatform(%q) is no platform", ErrBadOption, p)
		}
		c.platform = p
		return nil
	}
}

// WithNow sets the reference time of calendar windows ("since January",
// "posted this month", 今年以来): their days count up to it. Default: the
// current time. A zero time is an error.
func WithNow(t time.Time) Option {
	return func(c *config) error {
		if t.IsZero() {
			return fmt.Errorf("%w: WithNow(zero time)", ErrBadOption)
		}
		c.now = t
		return nil
	}
}

// WithFollowup reads the text as a follow-up of a search the session
// holds: a word said with a creator noun ("basketball ones", "古筝老师")
// describes the creators, as it does beside a condition in a first
// search, so it ranks (a first search of those words alone stays a
// keyword search).
func WithFollowup() Option {
	return func(c *config) error {
		c.followup = true
		return nil
	}
}
