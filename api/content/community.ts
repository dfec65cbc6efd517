/** Sample members and their published prayers and stories, seeded on first start. */
export const memberSeeds = [
  { firstname: 'Esther', lastname: 'Mensah', email: 'esther.mensah@example.org' },
  { firstname: 'David', lastname: 'Okafor', email: 'david.okafor@example.org' },
  { firstname: 'Maria', lastname: 'Santos', email: 'maria.santos@example.org' },
  { firstname: 'James', lastname: 'Carter', email: 'james.carter@example.org' },
];

/** [member index, text, hours ago] */
export const prayerSeeds: [number, string, number][] = [
  [
    0,
    'Please pray for my mother, who is having surgery on Thursday. We trust God for steady hands for the doctors and a quick recovery.',
    3,
  ],
  [1, 'Pray for our youth group as we prepare for camp, that every young person would meet Jesus in a new way.', 8],
  [2, 'I start a new job on Monday. Pray for favour, wisdom and the grace to be a light to my colleagues.', 20],
  [3, 'Pray for the families affected by the floods in the south, for shelter, provision and comfort.', 30],
  [0, 'Thank God with me: my son came home after two years away. Pray for healing in our family.', 52],
  [2, 'Pray for peace in our neighbourhood and for the young men who feel they have no future.', 75],
];

/** [member index, text, hours ago] */
export const storySeeds: [number, string, number][] = [
  [
    1,
    'Last year I lost my business and nearly lost hope. The prayer team at Harbor Light prayed with me every Wednesday. Today I signed the lease on a new shop, debt-free. God restores!',
    5,
  ],
  [
    0,
    'I came to the Women of Light retreat exhausted and angry. Pastor Grace spoke on Psalm 23 and I cried for the first time in months. I went home lighter, and my marriage is healing.',
    26,
  ],
  [
    3,
    'I was healed of chronic back pain during the Night of Worship. I have not taken a painkiller in six weeks. All glory to Jesus!',
    49,
  ],
  [
    2,
    'My daughter was struggling at school and in her faith. The youth ministry mentors walked with her all year; she graduated with honours and now leads worship.',
    90,
  ],
  [
    1,
    'After our house fire, the church family gave us clothes, meals and a place to stay within a day. We saw the love of Christ in action.',
    140,
  ],
  [
    0,
    'I have read the daily devotional every morning this year. It changed how I start my day and how I treat my colleagues.',
    200,
  ],
];

/** [story index, member index, text] */
export const commentSeeds: [number, number, string][] = [
  [0, 0, 'Praise God, David! So happy for you.'],
  [0, 2, 'This encourages me so much. Thank you for sharing.'],
  [2, 1, 'Amen! He is still the healer.'],
  [1, 3, 'Beautiful testimony, sister.'],
];

/** [story index, member indexes who like it] */
export const likeSeeds: [number, number[]][] = [
  [0, [0, 2, 3]],
  [1, [1, 2]],
  [2, [0, 1, 2]],
  [3, [0]],
  [4, [2, 3]],
];
