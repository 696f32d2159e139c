package load

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"searchagent/tools/catalog"
	"searchagent/tools/platform"
)

// Format names a file layout.
type Format string

// The formats LoadFile reads.
const (
	FormatCSV                  Format = "csv"
	FormatJSONL                Format = "jsonl"
	FormatInfluencersInstagram Format = "influencers-instagram"
	FormatInfluencersTikTok    Format = "influencers-tiktok"
	FormatInfluencersYouTube   Format = "influencers-youtube"
	FormatTopYouTubers         Format = "top-youtubers-with-links"
)

// Formats lists every format, our own first.
func Formats() []Format {
	return []Format{FormatCSV, FormatJSONL, FormatInfluencersInstagram, FormatInfluencersTikTok, FormatInfluencersYouTube, FormatTopYouTubers}
}

// File-level errors; LoadFile wraps them with the file name.
var (
	// ErrUnknownFormat is a header (or a WithFormat value) no layout matches.
	ErrUnknownFormat = errors.New("unknown file format")
	// ErrBadHeader is a header of a known layout with missing, unknown or
	// repeated columns.
	ErrBadHeader = errors.New("bad header")
	// ErrEmpty is a file without a header row.
	ErrEmpty = errors.New("empty file")
	// ErrBadOption is an option value that cannot be honoured.
	ErrBadOption = errors.New("bad option")
)

// MaxLineBytes is the longest JSONL line read; a longer line is rejected.
const MaxLineBytes = 1 << 20

// Rejection is one rejected row (or, in Report.Warnings, one row accepted
// with a value dropped or repaired).
type Rejection struct {
	File string `json:"file"`
	// Line is the physical line of the file where the record starts (1-based).
	Line   int    `json:"line"`
	Reason string `json:"reason"`
}

// String formats the rejection as "file:line: reason".
func (r Rejection) String() string { return r.File + ":" + strconv.Itoa(r.Line) + ": " + r.Reason }

// Report says what became of every record of one file. Read = Accepted +
// Rejected.
type Report struct {
	File   string `json:"file"`
	Format Format `json:"format"`
	// Read counts records (CSV rows after the header, non-blank JSONL lines).
	Read       int         `json:"read"`
	Accepted   int         `json:"accepted"`
	Rejected   int         `json:"rejected"`
	Rejections []Rejection `json:"rejections,omitempty"`
	// Warnings are accepted rows with a value dropped or repaired.
	Warnings []Rejection `json:"warnings,omitempty"`
}

// String summarises the report on one line.
func (r Report) String() string {
	return fmt.Sprintf("%s (%s): read %d, accepted %d, rejected %d, warnings %d",
		r.File, r.Format, r.Read, r.Accepted, r.Rejected, len(r.Warnings))
}

func (r *Report) reject(line int, reason string) {
	r.Rejected++
	r.Rejections = append(r.Rejections, Rejection{File: r.File, Line: line, Reason: reason})
}

func (r *Report) warn(line int, reason string) {
	r.Warnings = append(r.Warnings, Rejection{File: r.File, Line: line, Reason: reason})
}

// Result is the outcome of loading one file.
type Result struct {
	Channels []*catalog.Channel `json:"channels"`
	Report   Report             `json:"report"`
}

type config struct {
	format   Format
	platform platform.Platform
}

// Option configures loading.
type Option func(*config)

// WithFormat forces the format instead of detecting it.
func WithFormat(f Format) Option { return func(c *config) { c.format = f } }

// WithPlatform is the platform of rows of our own formats that have no
// platform value. The published layouts name their platform themselves.
func WithPlatform(p platform.Platform) Option { return func(c *config) { c.platform = p } }

func newConfig(opts []Option) (config, error) {
	var c config
	for _, o := range opts {
		o(&c)
	}
	if c.format != "" && !knownFormat(c.format) {
		return c, fmt.Errorf("%w: %w %q", ErrBadOption, ErrUnknownFormat, c.format)
	}
	if c.platform != "" && !c.platform.Valid() {
		return c, fmt.Errorf("%w: unknown platform %q", ErrBadOption, c.platform)
	}
	return c, nil
}

func knownFormat(f Format) bool {
	return slices.Contains(Formats(), f)
}

// LoadFile reads one file. A file that cannot be read or whose format is
// not recognised is an error naming the file; bad rows are rejections in
// the report.
func LoadFile(ctx context.Context, path string, opts ...Option) (Result, error) {
	f, err := os.Open(path)
	if err != nil {
		return Result{}, fmt.Errorf("load %s: %w", path, err)
	}
	defer f.Close()
	return Load(ctx, f, path, opts...)
}

// LoadFiles reads several files in order. Every file is tried; the error
// joins the file-level errors of those that failed, and the results hold
// the files that loaded.
func LoadFiles(ctx context.Context, paths []string, opts ...Option) ([]Result, error) {
	var (
		out  []Result
		errs []error
	)
	for _, p := range paths {
		if err := ctx.Err(); err != nil {
			return out, fmt.Errorf("load %s: %w", p, err)
		}
		res, err := LoadFile(ctx, p, opts...)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, res)
	}
	return out, errors.Join(errs...)
}

// Load reads one file's content from r; name is the file name used in the
// report, in Source and for format detection by extension.
func Load(ctx context.Context, r io.Reader, name string, opts ...Option) (Result, error) {
	cfg, err := newConfig(opts)
	if err != nil {
		return Result{}, fmt.Errorf("load %s: %w", name, err)
	}
	br := bufio.NewReaderSize(r, 64<<10)
	format := cfg.format
	if format == "" {
		format, err = sniff(br, name)
		if err != nil {
			return Result{}, fmt.Errorf("load %s: %w", name, err)
		}
	}
	var res Result
	if format == FormatJSONL {
		res, err = loadJSONL(ctx, br, name, cfg)
	} else {
		res, err = loadCSV(ctx, br, name, format, cfg)
	}
	if err != nil {
		return res, fmt.Errorf("load %s: %w", name, err)
	}
	return res, nil
}

// sniff decides between JSONL and CSV from the name and the first bytes;
// CSV layouts are told apart by their header later.
func sniff(br *bufio.Reader, name string) (Format, error) {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".jsonl", ".ndjson":
		return FormatJSONL, nil
	}
	head, err := br.Peek(512)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return "", err
	}
	head = bytes.TrimPrefix(head, bom)
	head = bytes.TrimLeft(head, " \t\r\n")
	if len(head) == 0 {
		return "", ErrEmpty
	}
	if head[0] == '{' {
		return FormatJSONL, nil
	}
	return "", nil // CSV, layout from the header
}

var bom = []byte("\xef\xbb\xbf")

// rowParser turns the cells of one CSV record into a channel, with
// warnings, or an error that rejects the row.
type rowParser func(cells []string) (*catalog.Channel, []string, error)

func loadCSV(ctx context.Context, br *bufio.Reader, name string, format Format, cfg config) (Result, error) {
	if b, err := br.Peek(3); err == nil && bytes.Equal(b, bom) {
		_, _ = br.Discard(3)
	}
	cr := csv.NewReader(br)
	cr.FieldsPerRecord = -1
	header, err := cr.Read()
	if errors.Is(err, io.EOF) {
		return Result{}, ErrEmpty
	}
	if err != nil {
		return Result{}, fmt.Errorf("header: %w", err)
	}
	norm := make([]string, len(header))
	for i, h := range header {
		h, _ = repair1252(h)
		norm[i] = strings.ToLower(strings.Join(strings.Fields(h), " "))
	}
	if format == "" {
		format = detect(norm)
		if format == "" {
			return Result{}, fmt.Errorf("%w: header %s matches no layout (want our CSV columns or one of the published layouts)", ErrUnknownFormat, quote(strings.Join(header, ",")))
		}
	}
	parse, err := parserFor(format, norm, cfg)
	if err != nil {
		return Result{}, err
	}
	res := Result{Report: Report{File: name, Format: format}}
	rep := &res.Report
	for n := 0; ; n++ {
		if n%256 == 0 {
			if err := ctx.Err(); err != nil {
				return res, err
			}
		}
		cells, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if !errors.As(err, &pe) {
				return res, err
			}
			rep.Read++
			rep.reject(pe.StartLine, "broken CSV quoting: "+pe.Err.Error())
			continue
		}
		rep.Read++
		line, _ := cr.FieldPos(0)
		if len(cells) != len(header) {
			rep.reject(line, fmt.Sprintf("has %d cells, the header has %d", len(cells), len(header)))
			continue
		}
		ch, warns, err := parse(cells)
		if err != nil {
			rep.reject(line, err.Error())
			continue
		}
		for _, w := range warns {
			rep.warn(line, w)
		}
		ch.Source = name + ":" + strconv.Itoa(line)
		if err := ch.Validate(); err != nil {
			rep.reject(line, err.Error())
			continue
		}
		rep.Accepted++
		res.Channels = append(res.Channels, ch)
	}
	return res, nil
}

// detect names the layout of a normalised header, or "".
func detect(h []string) Format {
	has := func(names ...string) bool {
		for _, n := range names {
			found := false
			for _, c := range h {
				if c == n {
					found = true
					break
				}
			}
			if !found {
				return false
			}
		}
		return true
	}
	switch {
	case has("tiktoker name", "tiktok name", "followers"):
		return FormatInfluencersTikTok
	case has("name", "instagram name", "category_1", "followers"):
		return FormatInfluencersInstagram
	case has("youtube channel", "youtuber name", "followers"):
		return FormatInfluencersYouTube
	case has("username", "categories", "subscribers", "links"):
		return FormatTopYouTubers
	case has("name") && allOwnColumns(h):
		return FormatCSV
	}
	return ""
}

func parserFor(f Format, header []string, cfg config) (rowParser, error) {
	switch f {
	case FormatCSV:
		return ownCSVParser(header, cfg)
	case FormatInfluencersInstagram:
		return instagramParser(header)
	case FormatInfluencersTikTok:
		return tiktokParser(header)
	case FormatInfluencersYouTube:
		return youtubeParser(header)
	case FormatTopYouTubers:
		return topYouTubersParser(header)
	}
	return nil, fmt.Errorf("%w %q for a CSV file", ErrUnknownFormat, f)
}
