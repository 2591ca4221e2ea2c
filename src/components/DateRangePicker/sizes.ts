/** SPEC §9 sizes of the date range picker's popover, in px. */
export const PRESET_LIST_WIDTH = 212;
export const PRESET_LIST_HEIGHT = 334;
export const POPOVER_WIDTH_LARGE = 516;
export const POPOVER_WIDTH_NARROW = 320;
