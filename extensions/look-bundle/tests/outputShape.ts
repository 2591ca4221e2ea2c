/**
 * Checks a result against the Discount Function API's output types for cart.lines.discounts.generate.run
 * (CartLinesDiscountsGenerateRunResult → CartOperation @oneOf → ProductDiscountsAddOperation →
 * ProductDiscountCandidate → ProductDiscountCandidateTarget @oneOf { cartLine: CartLineTarget } and
 * ProductDiscountCandidateValue @oneOf { fixedAmount, percentage }), as the platform validates it:
 * unknown fields, a oneOf with other than exactly one member, a wrong enum or an out-of-range
 * number are errors. Returns the list of problems (empty when valid).
 */
type Json = unknown;

const OPERATIONS = ['enteredDiscountCodesAccept', 'orderDiscountsAdd', 'productDiscountsAdd'];
const SELECTION = ['ALL', 'FIRST', 'MAXIMUM'];

const isObject = (v: Json): v is Record<string, Json> => !!v && typeof v === 'object' && !Array.isArray(v);
const isDecimal = (v: Json) =>
  (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v));

export function outputProblems(result: Json): string[] {
  const problems: string[] = [];
  const fail = (path: string, message: string) => problems.push(`${path}: ${message}`);
  const onlyKeys = (path: string, value: Record<string, Json>, allowed: string[], required: string[] = []) => {
    for (const key of Object.keys(value)) if (!allowed.includes(key)) fail(path, `unknown field ${key}`);
    for (const key of required) if (value[key] === undefined || value[key] === null) fail(path, `missing ${key}`);
  };
  const oneOf = (path: string, value: Json, members: string[]): string | null => {
    if (!isObject(value)) return (fail(path, 'not an object'), null);
    const set = Object.keys(value).filter((k) => value[k] !== undefined && value[k] !== null);
    if (set.length !== 1 || !members.includes(set[0]))
      return (fail(path, `oneOf needs exactly one of ${members.join(', ')}; got ${set.join(', ') || 'none'}`), null);
    return set[0];
  };

  if (!isObject(result)) return ['result: not an object'];
  onlyKeys('result', result, ['operations'], ['operations']);
  if (!Array.isArray(result.operations)) return [...problems, 'result.operations: not a list'];
  result.operations.forEach((operation, i) => {
    const path = `operations[${i}]`;
    const kind = oneOf(path, operation, OPERATIONS);
    if (kind !== 'productDiscountsAdd') {
      if (kind) fail(path, `unexpected ${kind} (the look bundle adds product discounts only)`);
      return;
    }
    const add = (operation as Record<string, Json>).productDiscountsAdd;
    if (!isObject(add)) return fail(`${path}.productDiscountsAdd`, 'not an object');
    onlyKeys(
      `${path}.productDiscountsAdd`,
      add,
      ['candidates', 'selectionStrategy'],
      ['candidates', 'selectionStrategy'],
    );
    if (!SELECTION.includes(add.selectionStrategy as string))
      fail(`${path}.selectionStrategy`, `not one of ${SELECTION.join(', ')}`);
    if (!Array.isArray(add.candidates)) return fail(`${path}.candidates`, 'not a list');
    add.candidates.forEach((candidate, j) => {
      const cPath = `${path}.candidates[${j}]`;
      if (!isObject(candidate)) return fail(cPath, 'not an object');
      onlyKeys(cPath, candidate, ['associatedDiscountCode', 'message', 'targets', 'value'], ['targets', 'value']);
      if (candidate.message !== undefined && typeof candidate.message !== 'string')
        fail(`${cPath}.message`, 'not a string');
      if (!Array.isArray(candidate.targets)) fail(`${cPath}.targets`, 'not a list');
      else
        candidate.targets.forEach((t, k) => {
          const tPath = `${cPath}.targets[${k}]`;
          if (oneOf(tPath, t, ['cartLine']) !== 'cartLine') return;
          const cartLine = (t as Record<string, Json>).cartLine;
          if (!isObject(cartLine)) return fail(`${tPath}.cartLine`, 'not an object');
          onlyKeys(`${tPath}.cartLine`, cartLine, ['id', 'quantity'], ['id']);
          if (typeof cartLine.id !== 'string' || !cartLine.id) fail(`${tPath}.cartLine.id`, 'not an ID');
          const q = cartLine.quantity;
          if (q !== undefined && q !== null && !(Number.isInteger(q) && (q as number) > 0))
            fail(`${tPath}.cartLine.quantity`, 'not an Int > 0');
        });
      const kindOfValue = oneOf(`${cPath}.value`, candidate.value, ['fixedAmount', 'percentage']);
      const value = isObject(candidate.value) ? candidate.value : {};
      if (kindOfValue === 'percentage') {
        const p = value.percentage;
        if (!isObject(p)) return fail(`${cPath}.value.percentage`, 'not an object');
        onlyKeys(`${cPath}.value.percentage`, p, ['value'], ['value']);
        if (!isDecimal(p.value) || Number(p.value) < 0 || Number(p.value) > 100)
          fail(`${cPath}.value.percentage.value`, 'not a Decimal in 0..100');
      } else if (kindOfValue === 'fixedAmount') {
        const f = value.fixedAmount;
        if (!isObject(f)) return fail(`${cPath}.value.fixedAmount`, 'not an object');
        onlyKeys(`${cPath}.value.fixedAmount`, f, ['amount', 'appliesToEachItem'], ['amount']);
        if (!isDecimal(f.amount) || Number(f.amount) < 0)
          fail(`${cPath}.value.fixedAmount.amount`, 'not a Decimal >= 0');
        if (f.appliesToEachItem !== undefined && typeof f.appliesToEachItem !== 'boolean')
          fail(`${cPath}.value.fixedAmount.appliesToEachItem`, 'not a Boolean');
      }
    });
  });
  return problems;
}
