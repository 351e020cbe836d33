/**
 * The raw material of the demo forum: people, boards, tags and sentence templates about speech
 * research. `{slot}` placeholders are filled from `slots` by the generator, so a few hundred
 * templates give thousands of different but plausible texts without any download.
 */

export interface DemoPerson {
  username: string;
  nickname: string;
  description: string;
  homePage: string;
}

export const demoPeople: DemoPerson[] = [
  {
    username: 'zhangwei_asr',
    nickname: '声学老张',
    description: '做了十年语音识别，从 GMM-HMM 一路走到端到端。',
    homePage: 'https://github.com/zhangwei-asr',
  },
  {
    username: 'linyu_tts',
    nickname: '林间语音',
    description: '语音合成工程师，关注韵律建模和表现力 TTS。',
    homePage: '',
  },
  {
    username: 'chenbo_phd',
    nickname: '陈博士在读',
    description: '某 985 高校博士生，方向：低资源语音识别。',
    homePage: 'https://chenbo-phd.github.io',
  },
  {
    username: 'kaldi_vet',
    nickname: 'Kaldi老兵',
    description: 'nnet3 和 chain 模型的忠实用户，欢迎交流 WFST 解码。',
    homePage: '',
  },
  { username: 'ajie_train', nickname: '炼丹师阿杰', description: '白天调参，晚上也调参。', homePage: '' },
  {
    username: 'zhou_spk',
    nickname: '说话人小周',
    description: '声纹识别 / 说话人日志，ECAPA-TDNN 爱好者。',
    homePage: 'https://github.com/zhou-spk',
  },
  {
    username: 'denoise_li',
    nickname: '降噪达人',
    description: '语音增强与回声消除，做过耳机和会议设备的前端。',
    homePage: '',
  },
  {
    username: 'lm_monk',
    nickname: '语言模型研究僧',
    description: '研究语音识别中的语言模型融合与热词。',
    homePage: '',
  },
  {
    username: 'label_xia',
    nickname: '标注小能手',
    description: '数据组，负责语音数据的采集、清洗和标注规范。',
    homePage: '',
  },
  {
    username: 'wanglab_sjtu',
    nickname: '王老师的实验室',
    description: '课题组公共账号，发布招生和开源信息。',
    homePage: 'https://speechlab.example.edu.cn',
  },
  {
    username: 'liu_frontend',
    nickname: '刘工-语音前端',
    description: '麦克风阵列、波束形成、VAD，欢迎来聊。',
    homePage: '',
  },
  {
    username: 'zhao_master',
    nickname: '赵同学',
    description: '研二，正在写关于流式识别的毕业论文。',
    homePage: '',
  },
  {
    username: 'sunyan_nlp',
    nickname: '孙研',
    description: '从 NLP 转来做语音，还在补信号处理的课。',
    homePage: '',
  },
  {
    username: 'wu_postdoc',
    nickname: '吴博后',
    description: '博士后，研究自监督语音表示学习。',
    homePage: 'https://wu-postdoc.github.io',
  },
  {
    username: 'zheng_deploy',
    nickname: '郑工',
    description: '负责 ASR 服务的部署与推理优化，熟悉 ONNX 和 TensorRT。',
    homePage: '',
  },
  {
    username: 'feng_undergrad',
    nickname: '冯同学',
    description: '大三，刚进实验室，什么都想学。',
    homePage: '',
  },
  {
    username: 'voiceprint_team',
    nickname: '声纹小分队',
    description: '三个人的小团队，做金融场景的声纹核身。',
    homePage: '',
  },
  {
    username: 'tune_forever',
    nickname: '何以解忧唯有调参',
    description: '学习率是玄学，warmup 是信仰。',
    homePage: '',
  },
  {
    username: 'suzhou_voice',
    nickname: '苏州语音小厂',
    description: '创业公司，做方言识别和客服质检。',
    homePage: 'https://suzhou-voice.example.com',
  },
  {
    username: 'bupt_speech',
    nickname: '北邮语音小组',
    description: '学生兴趣小组，每周读一篇语音论文。',
    homePage: '',
  },
  {
    username: 'sz_asr_dev',
    nickname: '深圳做ASR的',
    description: '车载语音助手，关注噪声鲁棒和低延迟。',
    homePage: '',
  },
  {
    username: 'hu_vits',
    nickname: '胡萝卜VITS',
    description: '玩开源 TTS 的业余爱好者，正在训练自己的声音。',
    homePage: 'https://github.com/hu-vits',
  },
  {
    username: 'qian_eval',
    nickname: '钱评测',
    description: '负责评测体系，CER 之外也看用户体验。',
    homePage: '',
  },
  {
    username: 'ma_dialect',
    nickname: '马同学-方言',
    description: '收集和研究吴语、粤语语音数据。',
    homePage: '',
  },
  {
    username: 'yang_hf',
    nickname: '杨抱抱脸',
    description: 'Hugging Face 重度用户，喜欢把模型搬到 Hub 上。',
    homePage: 'https://huggingface.co/yang-hf',
  },
  { username: 'guo_kws', nickname: '郭唤醒', description: '做关键词唤醒和端侧小模型。', homePage: '' },
];

export interface DemoNode {
  name: string;
  description: string;
}

export const demoNodes: DemoNode[] = [
  { name: '语音识别', description: 'ASR 模型、解码、流式识别与工程实践' },
  { name: '语音合成', description: 'TTS、声码器、音色克隆与韵律建模' },
  { name: '声学模型', description: '声学建模、特征、自监督表示与训练技巧' },
  { name: '语言模型', description: 'N-gram、神经语言模型、热词与浅融合' },
  { name: '说话人识别', description: '声纹识别、说话人日志与反欺骗' },
  { name: '语音增强', description: '降噪、去混响、回声消除与麦克风阵列' },
  { name: '数据集与评测', description: '开源数据集、标注规范、评测指标与榜单' },
  { name: '求职与交流', description: '招聘、求职、读博、会议与闲聊' },
];

export const demoTags = [
  'Kaldi',
  'ESPnet',
  'WeNet',
  'Whisper',
  'Conformer',
  'TTS',
  'VITS',
  '端到端',
  '数据增强',
  '流式识别',
  '自监督',
  '声码器',
  '声纹',
  '降噪',
  '热词',
  'CTC',
  '部署',
  '方言',
] as const;

/** Values for `{slot}` placeholders. */
export const slots: Record<string, string[]> = {
  toolkit: ['Kaldi', 'ESPnet', 'WeNet', 'k2/icefall', 'FunASR', 'SpeechBrain', 'NeMo', 'PaddleSpeech'],
  asrModel: [
    'Conformer',
    'Zipformer',
    'Paraformer',
    'Transformer',
    'RNN-T',
    'CTC/Attention 混合模型',
    'Squeezeformer',
  ],
  ssl: ['wav2vec 2.0', 'HuBERT', 'WavLM', 'data2vec'],
  ttsModel: ['VITS', 'FastSpeech 2', 'Tacotron 2', 'Grad-TTS', 'VALL-E', 'CosyVoice'],
  vocoder: ['HiFi-GAN', 'BigVGAN', 'WaveRNN', 'MelGAN', 'Vocos'],
  spkModel: ['ECAPA-TDNN', 'ResNet34', 'x-vector', 'CAM++', 'ERes2Net'],
  seModel: ['DCCRN', 'FullSubNet', 'Demucs', 'GTCRN', 'FRCRN'],
  asrData: [
    'AISHELL-1',
    'AISHELL-2',
    'WenetSpeech',
    'LibriSpeech',
    'Common Voice 中文',
    'KeSpeech',
    'THCHS-30',
  ],
  ttsData: ['标贝中文女声', 'AISHELL-3', 'LJSpeech', 'VCTK'],
  spkData: ['VoxCeleb1', 'VoxCeleb2', 'CN-Celeb', '3D-Speaker'],
  gpu: ['单卡 3090', '两张 4090', '8 卡 A100', '4 卡 V100', '一张 T4'],
  hours: ['100 小时', '300 小时', '1000 小时', '1 万小时', '50 小时'],
  scene: ['客服电话', '车载', '会议转写', '智能音箱', '直播字幕', '医疗问诊', '课堂录音'],
  dialect: ['粤语', '四川话', '上海话', '闽南语', '东北话', '河南话'],
  problem: [
    'loss 一直不降',
    '验证集 CER 突然变差',
    '显存溢出',
    '解码结果全是空白',
    '长音频识别掉字严重',
    '训练到一半出现 NaN',
    '多卡训练速度反而变慢',
    '合成的语音有明显的电音',
  ],
  metricAsr: ['CER', 'WER'],
  lr: ['1e-3', '5e-4', '2e-4', '1e-4'],
  city: ['北京', '上海', '深圳', '杭州', '苏州', '合肥', '成都'],
  conference: ['Interspeech', 'ICASSP', 'ASRU', 'SLT', 'NCMMSC'],
};

/** Topic title templates per node name. */
export const topicTitles: Record<string, string[]> = {
  语音识别: [
    '{toolkit} 训练 {asrModel} 时{problem}，有人遇到过吗？',
    '{asrData} 上 {asrModel} 的 {metricAsr} 能做到多少？求个参考',
    '流式 {asrModel} 的 chunk 大小怎么选？',
    '{scene}场景下 {asrModel} 识别效果不理想，求排查思路',
    '从 {toolkit} 迁移到 WeNet 的一些踩坑记录',
    'Whisper 在{dialect}上的表现怎么样？',
    '{toolkit} 的 CTC 前缀束搜索速度太慢怎么办',
    '求推荐适合{scene}的中文开源 ASR 模型',
    '{hours}数据从零训练 {asrModel} 够不够？',
    '非自回归 {asrModel} 和 RNN-T 在线上延迟对比',
  ],
  语音合成: [
    '{ttsModel} 训练 {ttsData} 时{problem}',
    '{vocoder} 和 {ttsModel} 联合微调有没有必要？',
    '少样本音色克隆，{ttsModel} 需要多少分钟数据？',
    '中文多音字在 {ttsModel} 里怎么处理比较好',
    '{ttsModel} 推理 RTF 太高，有什么加速办法',
    '韵律停顿标注对 {ttsModel} 的影响有多大',
    '用 {ttsData} 训练的 {vocoder} 泛化到其他说话人效果差',
  ],
  声学模型: [
    '{ssl} 预训练特征接 {asrModel}，冻结还是微调？',
    'SpecAugment 的参数在{hours}数据上怎么调',
    'Fbank 80 维和 MFCC 在 {asrModel} 上差别大吗',
    '{ssl} 在{dialect}数据上继续预训练的经验分享',
    '{asrModel} 的相对位置编码到底起了多大作用',
    '学习率 {lr} 配 warmup 25000 步，{problem}',
    '{gpu} 能训多大的 {asrModel}？',
  ],
  语言模型: [
    'N-gram 和神经语言模型浅融合的权重怎么调',
    '{toolkit} 里怎么加热词？上下文偏置有没有好方案',
    '领域文本只有几十万句，语言模型还值得训吗',
    'LLM 做 ASR 纠错靠谱吗？{scene}场景实测',
    'KenLM 训练的 5-gram 太大，怎么剪枝',
    'TLG 解码图构建时内存爆了',
  ],
  说话人识别: [
    '{spkModel} 在 {spkData} 上 EER 复现不到论文数值',
    '说话人日志在{scene}里重叠语音怎么处理',
    '{spkModel} 的 AAM-Softmax margin 设多少合适',
    '短语音（2 秒以内）声纹识别有什么技巧',
    '声纹反欺骗：合成语音攻击怎么防',
    '跨信道（手机 vs 麦克风）声纹性能下降明显',
  ],
  语音增强: [
    '{seModel} 实时降噪在嵌入式设备上能跑吗',
    '降噪之后 ASR 的 {metricAsr} 反而变差了，为什么',
    '回声消除的残余回声怎么进一步抑制',
    '{seModel} 训练数据的信噪比范围怎么设置',
    '麦克风阵列波束形成 + {seModel} 的级联方案',
    'PESQ 提升了但听感变差，大家怎么看',
  ],
  数据集与评测: [
    '{asrData} 的文本标注里有不少错误，有人整理过吗',
    '中文 CER 计算时标点和数字怎么规整',
    '有没有{dialect}的开源语音数据集？',
    '自己录制{hours}数据，标注规范求参考',
    '{asrData} 和 {asrData} 混合训练的配比经验',
    '主观 MOS 评测怎么组织才比较可信',
    '开源中文 ASR 模型在 {asrData} 测试集上的横向对比',
  ],
  求职与交流: [
    '{city}语音算法岗 2025 届秋招面经',
    '{conference} 投稿被拒，审稿意见看不懂，求指点',
    '读博做语音还是去工业界？纠结中',
    '{city}有没有做语音的朋友，周末约个线下交流',
    '课题组招收语音方向硕士/博士（{city}）',
    '{conference} 今年有哪些值得看的语音论文',
    '从 NLP 转语音需要补哪些基础',
  ],
};

export const topicOpenings = [
  '最近在做{scene}相关的项目，用 {toolkit} 搭了一套流程，遇到一个问题想请教大家。',
  '背景：{hours}左右的训练数据，{gpu}，先跑通了官方配方再换成自己的数据。',
  '先说结论：目前还没找到特别好的办法，下面把我试过的都列出来，欢迎补充。',
  '组里最近在复现一篇 {conference} 的论文，整理了一些过程中的记录。',
  '刚入门不久，问题可能比较基础，请各位大佬轻拍。',
  '这个问题困扰我一周了，查了不少 issue 都没解决。',
  '分享一下我们在{scene}项目里的一些经验，希望对大家有帮助。',
];

/** What a board talks about; picks the paragraphs and result tables that fit a post. */
export type Theme = 'asr' | 'tts' | 'spk' | 'se' | 'career';

export const nodeThemes: Record<string, Theme> = {
  语音识别: 'asr',
  语音合成: 'tts',
  声学模型: 'asr',
  语言模型: 'asr',
  说话人识别: 'spk',
  语音增强: 'se',
  数据集与评测: 'asr',
  求职与交流: 'career',
};

/** Details of a question, per theme (recognition ones are `topicDetails`). */
export const themedDetails: Record<Exclude<Theme, 'asr'>, string[]> = {
  tts: [
    '训练了 {n}00k 步，合成的句子在长句末尾会出现吞字，短句基本正常。',
    '声码器用的是 {vocoder}，单独验证时音质没问题，接上 {ttsModel} 之后高频有明显的噪声。',
    '前端用的是自己写的拼音转换，多音字和儿化音处理得比较粗糙。',
    '主观评测 MOS 大概 3.{n}，和论文里的 4.2 差距很大。',
    '数据是 {ttsData}，大约 {n} 小时，录音环境比较干净。',
  ],
  spk: [
    '在 {spkData} 上训练，测试集 EER 是 {pct}，论文里报告的是 0.9% 左右。',
    '评分后端用的是余弦打分，没有做 AS-Norm，不知道这个影响有多大。',
    '注册语音 10 秒左右，测试语音只有 2 秒，短语音性能下降得很厉害。',
    '特征是 80 维 Fbank，做了 MUSAN 加噪和 RIR 混响增强。',
  ],
  se: [
    '训练数据用 DNS Challenge 的干净语音和噪声合成，信噪比范围 -5 到 20 dB。',
    '{seModel} 在测试集上 PESQ 从 1.9 提到了 2.{n}，但主观听感有明显的音乐噪声。',
    '部署在 ARM 芯片上，10 ms 一帧，目前单帧处理要 {n} ms，有点吃紧。',
    '回声消除前级用的是 WebRTC AEC3，后级接 {seModel} 做残余回声抑制。',
  ],
  career: [
    '本人{city}某高校硕士，方向是语音识别，发过一篇 {conference}。',
    '面了三家公司，问得最多的是 CTC 和 RNN-T 的区别、Conformer 的结构和解码的细节。',
    '目前在{scene}方向做了两年工程，想转去做研究，不知道需要补哪些东西。',
    '组里的方向偏{scene}应用，老师比较支持发论文，也支持去企业实习。',
  ],
};

export const topicDetails = [
  '训练到第 {n} 个 epoch 的时候{problem}，把学习率从 {lr} 调小之后稍微好一点，但还是不稳定。',
  '数据做过 3 倍速度扰动和 SpecAugment，验证集 {metricAsr} 在 {pct} 左右，和论文差了不少。',
  '目前怀疑是数据预处理的问题：采样率混用了 8k 和 16k，文本里也有不少全角符号没有规整。',
  '推理端用的是 ONNX Runtime，单句平均延迟 {ms} ms，离线效果没问题，流式掉点比较多。',
  '对比过 {toolkit} 的默认配置和自己改的配置，差别主要在 attention 的层数和 dropout。',
  '另外发现解码时 beam size 从 10 调到 20 几乎没有收益，速度却慢了一倍。',
  '我们的{dialect}测试集只有 2 小时，不确定结论是否可靠，大家一般测试集留多少？',
];

export const topicQuestions = [
  '想问一下大家是怎么处理的？',
  '有没有类似经验的朋友分享一下？',
  '求推荐相关的论文或者开源实现。',
  '是我哪里配置得不对吗？',
  '欢迎拍砖，一起讨论。',
  '先谢谢各位了！',
];

export const pythonSnippets = [
  `import torchaudio

waveform, sample_rate = torchaudio.load("test.wav")
if sample_rate != 16000:
    waveform = torchaudio.functional.resample(waveform, sample_rate, 16000)
fbank = torchaudio.compliance.kaldi.fbank(waveform, num_mel_bins=80, dither=0.0)
print(fbank.shape)`,
  `import torch

def spec_augment(feats, num_freq_masks=2, freq_width=27, num_time_masks=2, time_width=40):
    feats = feats.clone()
    T, F = feats.shape
    for _ in range(num_freq_masks):
        f = torch.randint(0, freq_width + 1, (1,)).item()
        f0 = torch.randint(0, max(1, F - f), (1,)).item()
        feats[:, f0:f0 + f] = 0
    for _ in range(num_time_masks):
        t = torch.randint(0, time_width + 1, (1,)).item()
        t0 = torch.randint(0, max(1, T - t), (1,)).item()
        feats[t0:t0 + t, :] = 0
    return feats`,
  `import editdistance

def cer(ref: str, hyp: str) -> float:
    ref = ref.replace(" ", "")
    hyp = hyp.replace(" ", "")
    return editdistance.eval(ref, hyp) / max(1, len(ref))

print(f"CER = {cer('今天天气不错', '今天天器不错'):.2%}")`,
  `from transformers import pipeline

asr = pipeline("automatic-speech-recognition", model="openai/whisper-large-v3", device=0)
result = asr("meeting.wav", generate_kwargs={"language": "zh", "task": "transcribe"},
             chunk_length_s=30, batch_size=8)
print(result["text"])`,
  `import torch.nn.functional as F

def ctc_greedy_decode(log_probs, blank=0):
    # log_probs: (T, V)
    best = log_probs.argmax(dim=-1).tolist()
    tokens, prev = [], blank
    for t in best:
        if t != blank and t != prev:
            tokens.append(t)
        prev = t
    return tokens`,
  `import numpy as np

def add_noise(speech, noise, snr_db):
    noise = np.resize(noise, speech.shape)
    p_s = np.mean(speech ** 2)
    p_n = np.mean(noise ** 2) + 1e-10
    scale = np.sqrt(p_s / (p_n * 10 ** (snr_db / 10)))
    return speech + scale * noise`,
];

export const shellSnippets = [
  `# 统一重采样到 16k 单声道
for f in raw/*.wav; do
  sox "$f" -r 16000 -c 1 -b 16 "wav16k/$(basename "$f")"
done`,
  `cd egs/aishell/s5
./run.sh --stage 0 --stop-stage 3 --nj 32
steps/nnet3/chain/train.py --trainer.num-epochs 4 --egs.dir exp/chain/egs`,
  `cd egs2/aishell/asr1
./run.sh --stage 10 --ngpu 4 --asr_config conf/tuning/train_asr_conformer.yaml \\
  --inference_config conf/decode_asr.yaml`,
  `torchrun --nproc_per_node=4 wenet/bin/train.py \\
  --config conf/train_conformer.yaml \\
  --train_data data/train/data.list --cv_data data/dev/data.list \\
  --model_dir exp/conformer`,
  `ffmpeg -i input.mp4 -vn -ac 1 -ar 16000 -f wav output.wav
python tools/compute_cer.py --ref data/test/text --hyp exp/decode/text > cer.txt`,
  `nvidia-smi --query-gpu=index,memory.used,utilization.gpu --format=csv -l 5`,
];

export const referenceLinks = [
  '[Conformer 论文](https://arxiv.org/abs/2005.08100)',
  '[WeNet 仓库](https://github.com/wenet-e2e/wenet)',
  '[ESPnet 文档](https://espnet.github.io/espnet/)',
  '[Kaldi 官方文档](https://kaldi-asr.org/doc/)',
  '[OpenSLR 数据集列表](https://www.openslr.org/resources.php)',
  '[Whisper 论文](https://arxiv.org/abs/2212.04356)',
  '[VITS 论文](https://arxiv.org/abs/2106.06103)',
  '[SpecAugment 论文](https://arxiv.org/abs/1904.08779)',
  '[k2/icefall](https://github.com/k2-fsa/icefall)',
  '[Hugging Face 语音模型](https://huggingface.co/models?pipeline_tag=automatic-speech-recognition)',
];

export const listItems = [
  '检查音频采样率和声道数是否一致',
  '文本规整：全角转半角、数字转汉字、去掉标点',
  '先用小数据集过拟合一下，确认流程没问题',
  '梯度裁剪设成 5，学习率 warmup 足够长',
  '验证集和测试集不要和训练集的说话人重叠',
  '解码时打开 CTC prefix beam search 和 attention rescoring',
  '导出模型前固定随机种子，保证结果可复现',
  '长音频先用 VAD 切分，再送入识别',
];

export const tweetTemplates = [
  '今天终于把 {asrModel} 在 {asrData} 上的 {metricAsr} 跑到了 {pct}，庆祝一下 🎉',
  '{conference} 的审稿意见出来了，三个审稿人两个弱接收，祈祷。',
  '又是被 {problem} 折磨的一天。',
  '推荐一个小技巧：训练前先把数据按时长排序分桶，{gpu} 的利用率能高不少。',
  '在{city}参加了一个语音技术沙龙，聊了很多{scene}落地的事，收获很大。',
  '{ttsModel} 合成的{dialect}居然还挺像，就是儿化音有点怪。',
  '有人用过 {toolkit} 最新版本吗？升级之后配置文件格式变了。',
  '组会汇报完毕，老板说下周要看到 {ssl} 的消融实验😂',
  '数据清洗比调模型重要，再一次被证明。',
  '{gpu} 跑 {asrModel} 一个 epoch 要 {n} 小时，等得花都谢了。',
  '{spkModel} 在 {spkData} 上复现成功，EER 1.{n}%，开心。',
  '周末读完了 {ssl} 的论文，自监督真是语音领域这几年最大的变化之一。',
  '{seModel} 部署到会议设备上了，实时率 0.{n}，终于可以交差。',
  '今天标了 {n} 百条{dialect}语音，眼睛要瞎了。',
  '求问：{asrData} 的官方下载链接是不是挂了？',
  'Whisper 的幻觉问题在静音段特别明显，加个 VAD 好多了。',
  '第一次在论坛发帖，做{scene}语音识别的，请多关照。',
  '热词功能上线，用户投诉少了一半，值了。',
];

export const commentTemplates = [
  '同问，我这边也遇到过类似的情况。',
  '试试把学习率调到 {lr}，我之前也是这样解决的。',
  '感谢分享，很有参考价值！',
  'mark 一下，回头细看。',
  '数据里是不是有很多静音段？建议先用 VAD 切一下。',
  '{toolkit} 的默认配置其实挺保守的，可以把 batch size 调大一点。',
  '我们在 {asrData} 上用 {asrModel} 做到过 {pct}，配置可以私信给你。',
  '这个问题 GitHub issue 里有人讨论过，搜一下 {problem} 应该能找到。',
  '赞，写得很清楚，新手也能看懂。',
  '建议把文本规整的脚本也开源出来，大家可以复用。',
  '采样率不一致是常见坑，8k 的数据最好单独训或者上采样后加标记。',
  '楼主的 {gpu} 有点吃力，可以试试梯度累积。',
  '我觉得主要还是数据量不够，{hours}对 {asrModel} 来说偏少。',
  '学到了！之前一直不知道还有这个参数。',
  '{spkModel} 的 margin 我们用的是 0.2，scale 32，供参考。',
  '能不能贴一下完整的配置文件？这样好判断一点。',
  '流式场景下 chunk 16 帧是比较常见的折中。',
  '我们组也在做类似方向，欢迎交流。',
  '这个结果和我复现的差不多，应该没问题。',
  '顶一下，希望有大佬来解答。',
  '可以参考 {link}，里面有详细的说明。',
  '有条件的话做一下消融实验，看看到底是哪个改动起了作用。',
];

export const markdownCommentTemplates = [
  '我这边是这么做的：\n\n```python\n{python}\n```\n\n仅供参考。',
  '贴一下我们的脚本：\n\n```bash\n{shell}\n```',
  '几点建议：\n\n1. {item}\n2. {item}\n3. {item}',
  '> {quoteLine}\n\n同意这个观点，补充一点：{item}。',
];

export const replyTemplates = [
  '谢谢，我试一下。',
  '试了，确实有效果，{metricAsr} 降了一个多点。',
  '请问具体是在哪个配置文件里改？',
  '我的情况不太一样，数据是{scene}的录音。',
  '有道理，回头我把实验结果补上来。',
  '+1，同样的问题。',
  '感谢大佬！',
  '这个我之前也踩过坑。',
  '不太同意，我们实测下来差别不大。',
  '能详细说说吗？',
  '已私信，麻烦看一下。',
  '哈哈，原来大家都一样。',
];

export interface ArticleTemplate {
  title: string;
  tags: string[];
  theme: Theme;
}

export const articleTemplates: ArticleTemplate[] = [
  { title: '从零开始用 {toolkit} 训练中文语音识别模型', tags: ['端到端', 'Conformer'], theme: 'asr' },
  { title: '{asrModel} 论文精读与 PyTorch 实现要点', tags: ['Conformer', '端到端'], theme: 'asr' },
  { title: 'Whisper 微调实战：在{dialect}数据上把 CER 降低 30%', tags: ['Whisper', '方言'], theme: 'asr' },
  { title: 'Kaldi chain 模型训练流程详解', tags: ['Kaldi'], theme: 'asr' },
  { title: 'ESPnet2 配方结构解读：从 run.sh 到 asr.sh', tags: ['ESPnet', '端到端'], theme: 'asr' },
  { title: 'VITS 原理与中文语音合成实践', tags: ['VITS', 'TTS'], theme: 'tts' },
  { title: '{vocoder} 声码器训练经验总结', tags: ['声码器', 'TTS'], theme: 'tts' },
  { title: '语音识别中的数据增强方法综述', tags: ['数据增强'], theme: 'asr' },
  { title: '流式语音识别：chunk、缓存与延迟', tags: ['流式识别', 'WeNet'], theme: 'asr' },
  { title: '{ssl} 自监督预训练在低资源场景下的应用', tags: ['自监督'], theme: 'asr' },
  { title: '声纹识别入门：从 x-vector 到 {spkModel}', tags: ['声纹'], theme: 'spk' },
  { title: '实时语音降噪模型 {seModel} 的部署与优化', tags: ['降噪', '部署'], theme: 'se' },
  { title: '热词增强的几种实现方式对比', tags: ['热词'], theme: 'asr' },
  { title: 'CTC 损失函数的直观理解', tags: ['CTC', '端到端'], theme: 'asr' },
  { title: '用 ONNX Runtime 部署 WeNet 模型', tags: ['WeNet', '部署'], theme: 'asr' },
  { title: '{ttsModel} 少样本音色克隆实验记录', tags: ['TTS'], theme: 'tts' },
  { title: '中文 ASR 文本规整的那些坑', tags: ['数据增强', '端到端'], theme: 'asr' },
  { title: '{conference} 语音方向论文速览', tags: ['端到端', '自监督'], theme: 'asr' },
  { title: 'SpecAugment 参数调优实验', tags: ['数据增强', 'Conformer'], theme: 'asr' },
  { title: '{asrData} 数据集介绍与基线结果', tags: ['Kaldi', 'ESPnet'], theme: 'asr' },
];

export const articleSections = [
  '背景',
  '环境准备',
  '数据准备',
  '模型结构',
  '训练配置',
  '实验结果',
  '常见问题',
  '部署',
  '总结',
  '参考资料',
];

/** Paragraphs of articles by theme (recognition ones are `articleParagraphs`); `general` ones fit any article. */
export const themedParagraphs: Record<Exclude<Theme, 'asr'> | 'general', string[]> = {
  general: [
    '本文的实验基于 {toolkit}，硬件为 {gpu}，所有配置文件都放在文末的链接里。',
    '需要注意的是，{problem}往往与数据有关，而不是模型本身，排查时建议先从数据入手。',
    '如果你刚入门，建议先跑通官方配方，再在自己的数据上做迁移。',
    '以下结果均为三次实验的平均值，随机种子固定，方便复现。',
  ],
  tts: [
    '{ttsModel} 通过变分推断和对抗训练把声学模型和声码器联合起来，端到端地从文本生成波形。',
    '中文 TTS 的前端包括文本规整、分词、多音字消歧和韵律预测，任何一环出错都会直接影响听感。',
    '{vocoder} 使用多周期判别器和多尺度判别器，在保证音质的同时推理速度很快。',
    '少样本音色克隆一般先在多说话人数据（如 AISHELL-3）上预训练，再用目标说话人的几分钟数据微调。',
    '主观评测采用 5 分制 MOS，每条样本至少由 15 名听众打分，并给出 95% 置信区间。',
  ],
  spk: [
    '说话人识别通常分为说话人确认和说话人辨认两类任务，评价指标以 EER 和 minDCF 为主。',
    '{spkModel} 在 TDNN 的基础上引入了 SE 模块和多层特征聚合，是目前最常用的基线之一。',
    '训练时使用 AAM-Softmax，margin 0.2、scale 32，并在最后几个 epoch 做 large margin fine-tuning。',
    '评分阶段使用余弦相似度，再加上自适应分数规整（AS-Norm），在 {spkData} 上能带来稳定的提升。',
  ],
  se: [
    '语音增强模型的输入是带噪语音的时频谱，输出可以是掩码，也可以直接是增强后的谱。',
    '{seModel} 采用复数域建模，同时估计幅度和相位，在低信噪比条件下优势明显。',
    '实时场景对延迟要求很高，一般要求算法延迟在 20 ms 以内，模型参数量控制在 1M 左右。',
    '客观指标常用 PESQ、STOI 和 DNSMOS，但最终还是要以主观听感为准。',
  ],
  career: [],
};

export const articleParagraphs = [
  '{asrModel} 结合了卷积对局部特征的建模能力和自注意力对全局依赖的建模能力，在 {asrData} 等多个数据集上取得了很好的结果。',
  '数据准备阶段最重要的是保证音频和文本的一致性：采样率统一为 16 kHz，文本去掉标点并把阿拉伯数字转写为汉字。',
  '训练时我们使用了 3 倍速度扰动和 SpecAugment，学习率峰值 {lr}，warmup 25000 步，共训练 {n}0 个 epoch。',
  '从结果来看，模型在{scene}场景下仍有提升空间，主要错误集中在专有名词和中英混读上。',
  '推理阶段采用 CTC prefix beam search 加 attention rescoring，beam size 为 10，RTF 约为 0.0{n}。',
  'CTC 假设各帧输出条件独立，通过引入 blank 符号解决输入和输出长度不一致的问题。',
  '流式识别通过限制注意力的右侧上下文来降低延迟：chunk 越小延迟越低，但准确率也会随之下降。',
];

export const demoLinks = [
  {
    title: 'Kaldi',
    url: 'https://kaldi-asr.org',
    summary: '经典的开源语音识别工具包，WFST 解码与 nnet3 声学模型。',
  },
  {
    title: 'ESPnet',
    url: 'https://github.com/espnet/espnet',
    summary: '端到端语音处理工具包，覆盖识别、合成、翻译与增强。',
  },
  {
    title: 'Hugging Face',
    url: 'https://huggingface.co',
    summary: '模型与数据集的开源社区，大量语音模型可以直接下载使用。',
  },
  {
    title: 'OpenSLR',
    url: 'https://www.openslr.org',
    summary: '开放的语音与语言资源站，AISHELL、LibriSpeech 等数据集都可在此下载。',
  },
  { title: 'WeNet', url: 'https://github.com/wenet-e2e/wenet', summary: '面向生产的端到端语音识别工具包。' },
  {
    title: 'k2-fsa',
    url: 'https://github.com/k2-fsa',
    summary: '新一代 Kaldi：k2、icefall、lhotse 与 sherpa。',
  },
];

export const demoProjects = [
  {
    name: 'WeNet',
    title: '面向生产的端到端语音识别工具包',
    url: 'https://github.com/wenet-e2e/wenet',
    docUrl: 'https://wenet.org.cn/wenet/',
    content:
      'WeNet 提供统一的流式与非流式 U2/U2++ 模型，支持 LibTorch、ONNX 等多种部署方式。\n\n- 统一的训练与推理\n- 丰富的中文配方（AISHELL、WenetSpeech）\n- 热词与语言模型支持',
  },
  {
    name: 'FunASR',
    title: '工业级语音识别基础框架',
    url: 'https://github.com/modelscope/FunASR',
    docUrl: 'https://github.com/modelscope/FunASR/tree/main/docs',
    content: 'FunASR 提供 Paraformer 非自回归识别模型、VAD、标点恢复等能力，适合快速搭建中文语音服务。',
  },
  {
    name: 'icefall',
    title: '基于 k2 和 lhotse 的语音识别配方',
    url: 'https://github.com/k2-fsa/icefall',
    docUrl: 'https://k2-fsa.github.io/icefall/',
    content: 'icefall 是新一代 Kaldi 的配方仓库，Zipformer、剪枝 RNN-T 等模型都在这里。',
  },
  {
    name: 'ESPnet',
    title: '端到端语音处理工具包',
    url: 'https://github.com/espnet/espnet',
    docUrl: 'https://espnet.github.io/espnet/',
    content: 'ESPnet 覆盖 ASR、TTS、ST、SE、SLU 等任务，配方丰富，适合研究与复现论文。',
  },
  {
    name: 'PaddleSpeech',
    title: '飞桨语音模型库',
    url: 'https://github.com/PaddlePaddle/PaddleSpeech',
    docUrl: 'https://paddlespeech.readthedocs.io/',
    content: 'PaddleSpeech 提供识别、合成、声纹、标点恢复等模型与服务化部署工具。',
  },
  {
    name: 'SpeechBrain',
    title: '基于 PyTorch 的一体化语音工具包',
    url: 'https://github.com/speechbrain/speechbrain',
    docUrl: 'https://speechbrain.readthedocs.io/',
    content: 'SpeechBrain 以简洁的 YAML 配方著称，说话人识别、增强、分离等任务都有预训练模型。',
  },
];

/** The two pinned topics: a posting guide and a lab's call for students. */
export const announcements = [
  {
    title: '新人必读：提问前请先说明数据、模型和环境',
    content: [
      '欢迎来到社区！为了让大家更快地帮到你，提问时请尽量写清楚：',
      '1. **任务和场景**：识别、合成、声纹还是增强？什么场景的数据？',
      '2. **数据**：时长、采样率、语种/方言、是否做过文本规整',
      '3. **模型和工具**：用的哪个工具包、哪个配方、改过哪些配置',
      '4. **环境**：GPU 型号和数量、PyTorch / CUDA 版本',
      '5. **现象**：完整的报错信息或者曲线截图',
      '贴代码和日志请用代码块：',
      '```bash\npython -c "import torch; print(torch.__version__, torch.version.cuda)"\nnvidia-smi\n```',
      '| 信息 | 示例 |\n| --- | --- |\n| 数据 | AISHELL-1，178 小时，16 kHz |\n| 模型 | Conformer，ESPnet2 配方 |\n| 环境 | 4 卡 V100，PyTorch 2.1 |',
      '祝大家交流愉快！',
    ].join('\n\n'),
  },
  {
    title: '课题组招收语音方向硕士/博士与实习生',
    content: [
      '我们课题组长期从事语音识别、语音合成和说话人识别研究，现招收 2025 级硕士、博士研究生以及长期实习生。',
      '## 研究方向\n\n- 低资源与方言语音识别\n- 表现力语音合成与音色克隆\n- 自监督语音表示学习',
      '## 要求\n\n- 熟悉 Python 和 PyTorch，有 Kaldi / ESPnet / WeNet 使用经验者优先\n- 对语音信号处理有基本了解\n- 英文文献阅读无障碍',
      '有意者请将简历发送到课题组邮箱，或直接在本帖回复交流。课题组主页见个人资料。',
    ].join('\n\n'),
  },
];
