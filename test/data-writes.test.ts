// shared/data/writes.ts against DynamoDB Local: a BatchWriteItem's unprocessed writes (what DynamoDB
// leaves when it throttles part of a batch) are sent again until none is left. The only mocking is the
// injected partial answer.
import { randomUUID } from 'node:crypto';
import { dynamo } from '../shared/aws/clients';
import { batchGetInOrder } from '../shared/data/listing';
import { writeBatch } from '../shared/data/writes';

const PARTIAL = 'answerFirstBatchWritePartially';

afterEach(() => {
  dynamo().middlewareStack.remove(PARTIAL);
});

describe('writeBatch', () => {
  it('sends again what DynamoDB left unprocessed, then deletes the same way', async () => {
    const items = Array.from({ length: 30 }, (_, i) => ({ pk: `WRITES#${randomUUID()}`, sk: 'item', i }));
    const calls: number[] = [];
    let answered = false;
    dynamo().middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName !== 'BatchWriteItemCommand') return next(args);
        const [[table, requests]] = Object.entries((args.input as { RequestItems: object }).RequestItems as Record<string, unknown[]>);
        calls.push(requests.length);
        if (answered) return next(args);
        // The first call: DynamoDB takes only the first write and hands the rest back.
        answered = true;
        const result = await next({ input: { ...args.input, RequestItems: { [table]: requests.slice(0, 1) } } });
        return { ...result, output: { ...result.output, UnprocessedItems: { [table]: requests.slice(1) } } } as typeof result;
      },
      { step: 'initialize', name: PARTIAL },
    );
    const keys = items.map(({ pk, sk }) => ({ pk, sk }));

    await writeBatch({ puts: items });
    // 25 per call at most: the first call (1 taken, 24 back), the 24 again, then the last 5.
    expect(calls).toEqual([25, 24, 5]);
    expect(await batchGetInOrder(keys, true)).toEqual(items);

    await writeBatch({ deletes: keys });
    expect(await batchGetInOrder(keys, true)).toEqual([]);
  });
});
