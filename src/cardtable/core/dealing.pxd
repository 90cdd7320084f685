# Declarations for the optional compiled build (see deal.pxd): the shuffle's indices as C integers.
cimport cython

@cython.locals(i=Py_ssize_t, n=Py_ssize_t, k=int, j=Py_ssize_t)
cpdef shuffle(list cards, object rng)
