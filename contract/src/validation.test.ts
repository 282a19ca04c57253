import { describe, expect, it } from 'vitest';
import { MessageBody } from './errors';
import { NewPassword } from './fields';
import { validationErrorBody } from './validation';

describe('the 400 body of a rejected request', () => {
  it('names each wrong field, with the code of a password rule', async () => {
    const result = await NewPassword['~standard'].validate('short');
    const issues = ('issues' in result && result.issues) || [];
    expect(validationErrorBody({ body: { issues } })).toEqual({
      code: 'validation',
      message: 'body: Not enough characters',
      issues: [
        { path: 'body', message: 'Not enough characters', code: 'password_length' },
        { path: 'body', message: 'No number', code: 'password_numbers' },
        { path: 'body', message: 'No special characters', code: 'password_special' },
      ],
    });
  });

  it('leaves out the code of a rule that has none', () => {
    const body = validationErrorBody({
      query: { issues: [{ message: 'Required', path: ['mfaId'] }] },
    });
    expect(body.issues).toEqual([{ path: 'query.mfaId', message: 'Required' }]);
  });
});

describe('the 422 body', () => {
  it('may say why a code was refused, and nothing else', () => {
    expect(MessageBody.parse({ message: 'm', code: 'code_expired' }).code).toBe('code_expired');
    expect(MessageBody.safeParse({ message: 'm' }).success).toBe(true);
    expect(MessageBody.safeParse({ message: 'm', code: 'other' }).success).toBe(false);
  });
});
