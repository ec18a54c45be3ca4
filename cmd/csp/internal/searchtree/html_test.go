package searchtree

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

var dataElement = regexp.MustCompile(`(?s)<script type="application/json" id="tree-data">(.*?)</script>`)

// What the model's text puts in the page stays data: a title that looks
// like a slot of the template or closes a script element changes nothing
// else, and the page holds one data element that reads back.
func TestHTMLTitleIsData(t *testing.T) {
	r, _ := solve(t, queens(t, 4), course, Options{}, false)
	title := `{{DATA}} {{JS}} </script><script>alert(1)</script> & "q"`
	var b bytes.Buffer
	if err := r.WriteHTML(&b, Header{Title: title}); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	if n := strings.Count(page, "<script"); n != 2 {
		t.Errorf("the page has %d script elements, want 2 (the data and the viewer)", n)
	}
	m := dataElement.FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no data element")
	}
	var d struct{ Title string }
	if err := json.Unmarshal([]byte(m[1]), &d); err != nil || d.Title != title {
		t.Errorf("the data reads back title %q (%v), want %q", d.Title, err, title)
	}
	if !strings.Contains(page, "<title>{{DATA}} {{JS}} &lt;/script&gt;") {
		t.Errorf("the <title> is not the escaped title:\n%.400s", page)
	}
}
