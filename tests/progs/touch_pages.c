/* touch_pages N: fault in N fresh anonymous pages, one write each. */
#include <stdlib.h>

#include "touch_pages.h"

int main(int argc, char **argv)
{
	return touch_pages(argc > 1 ? atol(argv[1]) : 1000);
}
