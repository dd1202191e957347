import { expect, test } from 'vitest';
import { highlightBoxes, type WordBox } from './search-highlights';

const words: WordBox[] = [
  ['Monthly', 0.1, 0.2, 0.2, 0.24],
  ['churn,', 0.21, 0.2, 0.3, 0.24],
  ['Churned', 0.5, 0.6, 0.62, 0.64],
  ['CHÜRN', 0.1, 0.7, 0.2, 0.74],
  ['fell', 0.31, 0.2, 0.36, 0.24],
  ['funding', 0.1, 0.8, 0.2, 0.84],
];

test('a box is placed in percent of the page image, so it follows any width or zoom', () => {
  const [box] = highlightBoxes([['churn', 0.25, 0.5, 0.375, 0.5625]], 'churn');
  expect(box).toEqual({ left: 25, top: 50, width: 12.5, height: 6.25 });
});

test('the words are folded and stemmed as the index reads them: case, accents, punctuation, endings', () => {
  const boxes = highlightBoxes(words, 'Churn');
  expect(boxes.map((box) => [box.left, box.top])).toEqual([
    [21, 20],
    [50, 60],
    [10, 70],
  ]);
});

test('every word of the query is highlighted, a prefix by its start', () => {
  const boxes = highlightBoxes(words, 'fell fund*');
  expect(boxes.map((box) => box.left)).toEqual([31, 10]);
  expect(boxes[1]?.top).toBeCloseTo(80);
});

test('a phrase highlights each of its words, wherever they are', () => {
  // "Monthly" once and the three forms of "churn".
  expect(highlightBoxes(words, '"monthly churn"')).toHaveLength(4);
});

test('nothing is highlighted for a query of no words, or words the page lacks', () => {
  expect(highlightBoxes(words, '"" * ')).toEqual([]);
  expect(highlightBoxes(words, 'runway')).toEqual([]);
});

test('a box outside the image is cut to it, and an empty one is left out', () => {
  const boxes = highlightBoxes(
    [
      ['churn', 0.9, -0.1, 1.2, 0.05],
      ['churn', 0.4, 0.4, 0.4, 0.45],
      ['churn', 0.3, 0.5, 0.2, 0.45],
    ],
    'churn',
  );
  expect(boxes).toHaveLength(2);
  expect(boxes[0]?.left).toBeCloseTo(90);
  expect(boxes[0]?.top).toBe(0);
  expect(boxes[0]?.width).toBeCloseTo(10);
  expect(boxes[0]?.height).toBeCloseTo(5);
  // Corners given the wrong way round are read as the box they make.
  expect(boxes[1]?.left).toBeCloseTo(20);
  expect(boxes[1]?.width).toBeCloseTo(10);
});
