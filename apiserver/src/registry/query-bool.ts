// A boolean query parameter as kube's parameter codec reads one (Convert_Slice_string_To_bool):
// false when absent, for "0" and for "false" in any case; true for anything else, even "".

export const queryBool = (text: string | null): boolean => text !== null && !(text === '0' || text.toLowerCase() === 'false');
