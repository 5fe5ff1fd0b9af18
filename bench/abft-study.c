/* abft-study: placeholder until the study lands. */
int main(void) { return 0; }
