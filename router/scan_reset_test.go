package router

import (
	"reflect"
	"testing"
)

// TestSpecAccForResetsEveryField guards specAccFor's field-by-field
// reset: every field of a stale accumulator, set through reflection so
// that a field added later is covered too, must come back zero (the
// slices empty but keeping their arrays).
func TestSpecAccForResetsEveryField(t *testing.T) {
	sc := &scratch{gen: 5, acc: make([]specAcc, 1)}
	a := &sc.acc[0]
	v := reflect.ValueOf(a).Elem()
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		f = reflect.NewAt(f.Type(), f.Addr().UnsafePointer()).Elem() // unexported
		switch f.Kind() {
		case reflect.Slice:
			f.Set(reflect.MakeSlice(f.Type(), 1, 4))
		case reflect.Array:
			for k := 0; k < f.Len(); k++ {
				if e := f.Index(k); e.CanUint() {
					e.SetUint(7)
				} else {
					e.SetInt(7)
				}
			}
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Float64:
			f.SetFloat(0.5)
		case reflect.Uint32, reflect.Uint64:
			f.SetUint(3)
		default:
			t.Fatalf("specAcc field %s has kind %s: teach this test and specAccFor about it", v.Type().Field(i).Name, f.Kind())
		}
	}
	got := sc.specAccFor(0)
	for i := 0; i < v.NumField(); i++ {
		name := v.Type().Field(i).Name
		f := v.Field(i)
		switch {
		case name == "gen":
			if f.Uint() != 5 {
				t.Errorf("specAccFor: gen = %d, want 5", f.Uint())
			}
		case f.Kind() == reflect.Slice:
			if f.Len() != 0 || f.Cap() != 4 {
				t.Errorf("specAccFor: %s has len %d cap %d, want 0 and 4", name, f.Len(), f.Cap())
			}
		case !f.IsZero():
			t.Errorf("specAccFor: %s = %v, want zero", name, f)
		}
	}
	if got != a || len(sc.touched) != 1 {
		t.Errorf("specAccFor(0) = %p, touched %v; want %p, [0]", got, sc.touched, a)
	}
}
