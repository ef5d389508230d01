// Elsa 2 definitions written for the tests, modelled on elsa-core's hello-world asset and fire-protocol sample.

/** Modelled on Elsa's hello-world test asset: Newtonsoft "$id"s everywhere, no positions, no Start. */
export const helloWorld = {
  $id: '1',
  definitionId: 'SampleWorkflow',
  version: 1,
  variables: { $id: '2', data: {} },
  isPublished: true,
  activities: [
    {
      $id: '3',
      activityId: 'activity-1',
      type: 'WriteLine',
      properties: [{ $id: '4', name: 'Text', expressions: { $id: '5', Literal: 'Hello World!' } }],
    },
  ],
  connections: [],
};

export const expr = (name: string, expressions: Record<string, string>, syntax?: string) => ({
  $id: `p-${name}`,
  name,
  ...(syntax ? { syntax } : {}),
  expressions: { $id: `e-${name}`, ...expressions },
});

/** Modelled on Elsa's fire-protocol sample, grown to use Fork, Join, If, SendEmail, Timer and more. */
export const fireProtocol = {
  $id: '1',
  definitionId: 'fire',
  name: 'Fire Protocol',
  activities: [
    {
      $id: '2',
      activityId: 'sig',
      type: 'SignalReceived',
      displayName: 'Signal Received',
      x: 100,
      y: 200,
      persistWorkflow: false,
      properties: [
        expr('Signal', { Literal: 'Fire' }),
        { $id: 'scope', name: 'Scope', expressions: { $id: 'x' } },
      ],
    },
    {
      activityId: 'log',
      type: 'WriteLine',
      displayName: 'Write Line',
      x: 400,
      y: 200,
      properties: [expr('Text', { Literal: '', Liquid: 'Fire in {{ WorkflowInstanceId }}!' }, 'Liquid')],
    },
    {
      activityId: 'fork',
      type: 'Fork',
      displayName: 'Fork',
      x: 700,
      y: 200,
      properties: [expr('Branches', { Json: '["Timeout","Extinguish"]' })],
    },
    {
      activityId: 'timer',
      type: 'Timer',
      displayName: 'Wait a bit',
      x: 1000,
      y: 100,
      properties: [expr('Timeout', { JavaScript: 'Duration.FromSeconds(10)' }, 'JavaScript')],
    },
    {
      activityId: 'water',
      type: 'SignalReceived',
      displayName: 'Water',
      x: 1000,
      y: 300,
      properties: [expr('Signal', { Literal: 'Water' })],
    },
    {
      activityId: 'check',
      type: 'If',
      name: 'hotCheck',
      displayName: 'Still hot?',
      x: 1300,
      y: 300,
      properties: [expr('Condition', { JavaScript: 'input.temperature > 100' }, 'JavaScript')],
    },
    {
      activityId: 'mail',
      type: 'SendEmail',
      displayName: 'Alert the chief',
      x: 1600,
      y: 300,
      properties: [
        expr('To', { Json: '["chief@example.com","crew@example.com"]' }, 'Json'),
        expr('Subject', { Literal: 'Fire!' }),
        expr('Body', { Liquid: 'Still burning' }, 'Liquid'),
        expr('From', { Literal: 'bot@example.com' }),
      ],
    },
    {
      activityId: 'http',
      type: 'SendHttpRequest',
      displayName: 'Call the brigade',
      x: 1600,
      y: 450,
      properties: [
        expr('Url', { Literal: 'https://brigade.example.com/call' }),
        expr('Method', { Literal: 'post' }),
        expr('Content', { Literal: '{"level":3}' }),
        expr('RequestHeaders', { Literal: 'X-Key: 123\nAccept: application/json' }),
        expr('SupportedStatusCodes', { Json: '[200, 201]' }, 'Json'),
      ],
    },
    {
      activityId: 'setvar',
      type: 'SetVariable',
      displayName: 'Remember',
      x: 1900,
      y: 450,
      properties: [expr('VariableName', { Literal: 'status' }), expr('Value', { Literal: 'called' })],
    },
    {
      activityId: 'join',
      type: 'Join',
      displayName: 'Join',
      x: 2200,
      y: 200,
      properties: [expr('Mode', { Literal: 'WaitAny' })],
    },
    { activityId: 'finish', type: 'Finish', displayName: 'Finish', x: 2500, y: 200, properties: [] },
  ],
  connections: [
    { $id: 'c1', sourceActivityId: 'sig', targetActivityId: 'log', outcome: 'Done' },
    { sourceActivityId: 'log', targetActivityId: 'fork' },
    { sourceActivityId: 'fork', targetActivityId: 'timer', outcome: 'Timeout' },
    { sourceActivityId: 'fork', targetActivityId: 'water', outcome: 'Extinguish' },
    { sourceActivityId: 'timer', targetActivityId: 'join', outcome: 'Done' },
    { sourceActivityId: 'water', targetActivityId: 'check', outcome: 'Done' },
    { sourceActivityId: 'check', targetActivityId: 'mail', outcome: 'True' },
    { sourceActivityId: 'check', targetActivityId: 'http', outcome: 'False' },
    { sourceActivityId: 'mail', targetActivityId: 'join', outcome: 'Done' },
    { sourceActivityId: 'http', targetActivityId: 'setvar', outcome: 'Done' },
    { sourceActivityId: 'setvar', targetActivityId: 'join', outcome: 'Done' },
    { sourceActivityId: 'join', targetActivityId: 'finish', outcome: 'Done' },
  ],
};
