// zlib, for the DEFLATE inside HdrHistogram's compressed encoding (`.hlog` files). No shims: the
// one call used, compress2, takes no variadic argument.
#ifndef NSEB_CZLIB_SHIM_H
#define NSEB_CZLIB_SHIM_H

#include <zlib.h>

#endif
