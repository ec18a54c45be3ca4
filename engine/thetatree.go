package engine

// thetaTree is Vilím's Θ-Λ tree (Vilím, "Global Constraints in
// Scheduling", 2007, ch. 2-3) for one unary resource: a balanced binary
// tree whose leaves are the tasks in the order of their earliest starts.
// A leaf is empty, white (the task is in Θ) or gray (in Λ). Each node
// keeps, over the leaves below it:
//
//   - sumP: the total processing time of its white tasks,
//   - ect: the earliest completion time of its white tasks, the largest
//     est(Ω) + p(Ω) over the subsets Ω formed by a leaf and every white
//     leaf to its right (which is why leaves are sorted by est),
//   - sumPB, ectB: the same with at most one gray task added, and
//     respP, respE: the gray leaf that achieves them (-1: none does).
//
// Then ECT(Θ) and the largest ECT(Θ ∪ {i}) over gray i are read at the
// root, and inserting, graying or removing a leaf updates one path, in
// O(log n). The tree is an array (node k has children 2k and 2k+1, the
// leaves start at size), allocated once; it holds no search state.
type thetaTree struct {
	size  int32 // leaves: the least power of two >= the tasks
	sumP  []int64
	ect   []int64
	sumPB []int64
	ectB  []int64
	respP []int32 // leaf position (0-based) of the gray task, or -1
	respE []int32
}

// negInf stands for the ECT of an empty set. Times and processing times
// stay within ±timeLimit (checked when a propagator is built), so sums
// with it stay far below every real time and never overflow.
const (
	timeLimit = int64(1) << 60
	negInf    = -(int64(1) << 62)
)

func newThetaTree(n int) *thetaTree {
	size := int32(1)
	for int(size) < n {
		size *= 2
	}
	k := 2 * size
	t := &thetaTree{size: size,
		sumP: make([]int64, k), ect: make([]int64, k),
		sumPB: make([]int64, k), ectB: make([]int64, k),
		respP: make([]int32, k), respE: make([]int32, k)}
	t.clear()
	return t
}

// clear empties every leaf.
func (t *thetaTree) clear() {
	for k := range t.sumP {
		t.sumP[k], t.ect[k], t.sumPB[k], t.ectB[k] = 0, negInf, 0, negInf
		t.respP[k], t.respE[k] = -1, -1
	}
}

// insert puts a white task (est, p) at leaf position i.
func (t *thetaTree) insert(i int32, est, p int64) {
	k := t.size + i
	t.sumP[k], t.ect[k], t.sumPB[k], t.ectB[k] = p, est+p, p, est+p
	t.respP[k], t.respE[k] = -1, -1
	t.update(k)
}

// gray turns the white task (est, p) at leaf position i gray.
func (t *thetaTree) gray(i int32, est, p int64) {
	k := t.size + i
	t.sumP[k], t.ect[k], t.sumPB[k], t.ectB[k] = 0, negInf, p, est+p
	t.respP[k], t.respE[k] = i, i
	t.update(k)
}

// remove empties leaf position i.
func (t *thetaTree) remove(i int32) {
	k := t.size + i
	t.sumP[k], t.ect[k], t.sumPB[k], t.ectB[k] = 0, negInf, 0, negInf
	t.respP[k], t.respE[k] = -1, -1
	t.update(k)
}

// update recomputes the ancestors of node k.
func (t *thetaTree) update(k int32) {
	for k > 1 {
		k /= 2
		l, r := 2*k, 2*k+1
		t.sumP[k] = t.sumP[l] + t.sumP[r]
		t.ect[k] = max(t.ect[r], t.ect[l]+t.sumP[r])
		if a, b := t.sumPB[l]+t.sumP[r], t.sumP[l]+t.sumPB[r]; a >= b {
			t.sumPB[k], t.respP[k] = a, t.respP[l]
		} else {
			t.sumPB[k], t.respP[k] = b, t.respP[r]
		}
		e, resp := t.ectB[r], t.respE[r]
		if v := t.ect[l] + t.sumPB[r]; v > e {
			e, resp = v, t.respP[r]
		}
		if v := t.ectB[l] + t.sumP[r]; v > e {
			e, resp = v, t.respE[l]
		}
		t.ectB[k], t.respE[k] = e, resp
	}
}

// rootECT is ECT(Θ).
func (t *thetaTree) rootECT() int64 { return t.ect[1] }

// rootECTB is the largest ECT(Θ ∪ {i}) over gray i (ECT(Θ) if none), and
// the leaf position of that i (-1 if no gray task raises it).
func (t *thetaTree) rootECTB() (int64, int32) { return t.ectB[1], t.respE[1] }
