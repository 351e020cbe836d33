/**
 * A harder search test set of our own, with graded judgments: speech-research posts (tweets without
 * a title, and topics with a title and tags) and the queries a reader would type, each with the
 * posts that answer it (grade 2) and those related to it (grade 1); every other post is not
 * relevant. It has near-duplicate distractors (posts that repeat a query's words without
 * answering: questions nobody answered, job ads, weekly lists, "+1" replies), queries that must
 * find nothing, mixed Chinese and English, numerals with units written every way (8kHz, 16k,
 * 24 kHz, 16000Hz), and misspelt Latin names (conformr, wenett, whsiper). `noisePosts` makes a
 * deterministic background of filler posts indexed with the set, so common words are common.
 */

export interface GradedPost {
  id: number;
  title: string;
  content: string;
  tags: string[];
}

export interface GradedQuery {
  query: string;
  /** Post id → 2 (answers the query) or 1 (related); empty for a query that must find nothing. */
  grades: Record<number, 1 | 2>;
  /** What the query exercises. */
  kind: 'plain' | 'mixed' | 'unit' | 'typo' | 'none';
}

const post = (id: number, title: string, content: string, tags = ''): GradedPost => ({
  id,
  title,
  content,
  tags: tags ? tags.split(',') : [],
});

export const gradedPosts: GradedPost[] = [
  // WeNet
  post(
    1,
    'WeNet U2++ 在 AISHELL-1 上的完整复现记录',
    'WeNet 的 U2++ 配方从数据准备到解码全部跑通：八卡训练八十轮，attention rescoring 解码 CER 4.4%，附上每个阶段的耗时和踩过的坑。',
    'WeNet,ASR',
  ),
  post(
    2,
    'WeNet runtime 部署到安卓手机',
    '用 WeNet 自带的 android runtime，把导出的 TorchScript 模型放进 App，实时率 0.3，首字延迟 400 ms 左右，记录了编译 libtorch 的步骤。',
    'WeNet,部署',
  ),
  post(
    3,
    '',
    'WeNet 的上下文偏置（context biasing）实测：给 200 个人名做热词图，人名召回从 61% 提到 89%，普通句子 CER 基本不变。',
    'WeNet,热词',
  ),
  post(
    4,
    '招聘：语音识别算法工程师',
    '岗位要求：熟悉 WeNet、ESPnet、Kaldi 任一框架，有 Conformer 或 Whisper 项目经验优先，base 北京。',
    '招聘',
  ),
  post(5, '', 'wenet wenet wenet 有没有人用过？求带', ''),
  post(
    6,
    'WeNet 和 ESPnet 该选哪个？',
    '两者我都用过：WeNet 偏生产部署，流式和 runtime 完整；ESPnet 配方多，适合做研究对比。新手想上线选 WeNet。',
    'WeNet,ESPnet',
  ),
  post(
    7,
    'WenetSpeech 一万小时数据下载与切分',
    'WenetSpeech 数据集的下载脚本、opus 解码成 16k wav 的方法，以及 L/M/S 子集的切分。',
    '数据,WeNet',
  ),
  // k2 / icefall / sherpa
  post(
    8,
    'k2 与 icefall 安装避坑',
    'k2 的版本要和 PyTorch、CUDA 严格对应，pip 装预编译包最省事；icefall 只需要 lhotse 和 k2 就能跑 yesno 示例。',
    'k2,icefall',
  ),
  post(
    9,
    'Zipformer 在 LibriSpeech 上的训练记录',
    'icefall 的 Zipformer 配方，pruned RNN-T 损失，test-clean WER 2.1%，比同参数量的 Conformer 快三成。',
    'k2,Zipformer',
  ),
  post(
    10,
    'sherpa-onnx 在树莓派上做离线识别',
    '用 sherpa-onnx 跑流式 Zipformer，树莓派 4B 上实时率 0.6，不需要联网，附交叉编译命令。',
    'k2,部署',
  ),
  post(
    11,
    '',
    'pruned RNN-T 比普通 RNN-T 省多少显存？我们在 k2 上测的是同 batch 下显存降到三分之一。',
    'k2,RNN-T',
  ),
  post(
    12,
    '周报：本周看过的仓库',
    'k2、icefall、lhotse、NeMo、FunASR，都只是粗略看了 README，还没跑。',
    '周报',
  ),
  // ESPnet
  post(
    13,
    'ESPnet2 安装时 warp-ctc 编译报错的解决',
    '报错是 nvcc 找不到，设置 CUDA_HOME 并换用 PyTorch 自带的 CTC 损失即可，ESPnet2 新版本已经不需要 warp-ctc。',
    'ESPnet,环境',
  ),
  post(
    14,
    '用 ESPnet 训练中文 VITS',
    'ESPnet2 的 TTS 配方里有 VITS，中文要先做拼音前端和韵律标注，训练 50 万步后 MOS 4.1。',
    'ESPnet,TTS',
  ),
  post(
    15,
    'ESPnet 的 recipe 目录结构讲解',
    'egs2 下每个数据集一个目录，run.sh 调用 asr.sh，stage 1 到 13 分别是数据、特征、词表、训练和解码。',
    'ESPnet',
  ),
  post(16, '', '有没有 ESPnet 的中文教程？官方文档看得头大。', 'ESPnet'),
  // Kaldi
  post(
    17,
    'Kaldi nnet3 chain 模型训练流程梳理',
    '从 GMM-HMM 对齐开始，到 lattice-free MMI 的 chain 模型训练，逐步解释 run_tdnn.sh 每个阶段的作用。',
    'Kaldi,ASR',
  ),
  post(
    18,
    'Kaldi 提取 MFCC 和 fbank 特征的区别',
    'compute-mfcc-feats 多了一步 DCT，神经网络声学模型一般直接用 fbank，配置文件里记得统一采样率。',
    'Kaldi,特征',
  ),
  post(
    19,
    '用 Kaldi 做强制对齐得到音素时间戳',
    'align_si.sh 生成对齐，再用 ali-to-phones --ctm-output 导出每个音素的起止时间，适合给 TTS 标注时长。',
    'Kaldi,对齐',
  ),
  post(20, '', '2026 年了还有必要学 Kaldi 吗？感觉大家都转端到端了。', 'Kaldi'),
  // Whisper
  post(
    21,
    'Whisper 中文微调实践：数据、显存和效果',
    '在 200 小时普通话数据上微调 Whisper small，用 LoRA 显存 12 GB 够用，CER 从 14% 降到 7%。',
    'Whisper,微调',
  ),
  post(
    22,
    'Whisper 幻觉问题的几种缓解办法',
    '静音段容易输出重复或编造的句子：先用 VAD 切掉静音，关闭 condition_on_previous_text，再设置 no_speech_threshold。',
    'Whisper',
  ),
  post(
    23,
    'faster-whisper 推理提速对比',
    'faster-whisper 基于 CTranslate2，large-v3 在 int8 下比原版快四倍，显存减半，精度几乎不变。',
    'Whisper,部署',
  ),
  post(
    24,
    'Whisper 输出中文没有标点怎么办',
    '给 initial_prompt 一段带标点的中文，或者后接一个标点恢复模型，两种办法都能补上逗号句号。',
    'Whisper,标点',
  ),
  post(25, '', 'whisper 微调 whisper 微调 whisper 微调，有没有教程，急！', ''),
  post(
    26,
    'Whisper 时间戳不准的问题',
    '句级时间戳会漂移，word_timestamps 基于交叉注意力对齐，更准的做法是再用 CTC 模型做一次强制对齐。',
    'Whisper,对齐',
  ),
  // VITS
  post(
    27,
    'VITS 中文多音字处理',
    '多音字是中文 VITS 读错的主要原因：前端用 g2pW 预测拼音，再人工校对高频多音字词表。',
    'VITS,TTS',
  ),
  post(
    28,
    'VITS 长句吞字的原因和修复',
    '长句吞字多半是单调对齐搜索学到的时长太短，按标点切分长句再拼接，或者加大噪声尺度的下限。',
    'VITS,TTS',
  ),
  post(
    29,
    'Bert-VITS2 训练自己的音色',
    '准备 30 分钟干净录音，切成 3 到 10 秒的片段，训练两万步就有不错的相似度。',
    'VITS,音色克隆',
  ),
  post(30, '', '求一个 VITS 的预训练模型，中文女声，谢谢！', 'VITS'),
  // HiFi-GAN and vocoders
  post(
    31,
    'HiFi-GAN 声码器从零训练',
    'HiFi-GAN V1 在 24 kHz 数据上训练一百万步，多周期判别器和多尺度判别器缺一不可，mel 损失权重 45。',
    '声码器,TTS',
  ),
  post(
    32,
    'HiFi-GAN 和 BigVGAN 的音质对比',
    'BigVGAN 在未见过的说话人和唱歌上泛化更好，HiFi-GAN 推理更快，普通朗读场景差别不大。',
    '声码器',
  ),
  post(
    33,
    '声码器的高频噪声怎么去掉',
    '生成音频高频有嘶嘶声，检查训练和推理的 mel 参数是否一致，fmax 设为 8000 后消失。',
    '声码器',
  ),
  post(34, '', '声码器 声码器 声码器 选型求推荐 hifigan', ''),
  // Conformer
  post(
    35,
    'Conformer 结构详解：卷积模块为什么放在中间',
    'Conformer 把多头自注意力和深度可分离卷积夹在两个半步前馈层之间，卷积负责局部特征，注意力负责全局依赖。',
    'Conformer,模型',
  ),
  post(
    36,
    '流式 Conformer 的分块注意力',
    '训练时随机分块大小，推理时固定 chunk 16 帧，左侧缓存四个 chunk，延迟和准确率都可以接受。',
    'Conformer,流式',
  ),
  post(
    37,
    'Conformer 模型 int8 量化后精度下降',
    '动态量化后 CER 从 5.1% 升到 5.9%，改成量化感知训练后只差 0.2 个点。',
    'Conformer,部署',
  ),
  post(
    38,
    '',
    'Transformer 和 Conformer 在 100 小时数据上差多少？我们测的是 Conformer 相对好 12%。',
    'Conformer',
  ),
  post(
    39,
    '论文列表：端到端语音识别必读',
    'Listen Attend and Spell、Transformer、Conformer、Zipformer、RNN-T，列了十五篇，每篇一句话点评。',
    '论文',
  ),
  // CTC
  post(
    40,
    'CTC 损失的直观理解',
    'CTC 在每帧输出字符或空白，把所有能折叠成目标序列的路径概率加起来，所以不需要逐帧对齐标注。',
    'CTC,ASR',
  ),
  post(
    41,
    'CTC 前缀束搜索加语言模型',
    '前缀束搜索要分别记录以空白结尾和非空白结尾的概率，语言模型分数在扩展新字符时加入。',
    'CTC,解码',
  ),
  post(
    42,
    '用 CTC 做强制对齐切分长音频',
    '把长录音和文本对齐，CTC 的尖峰给出每个字的时间，再按静音切成小段，适合整理有声书数据。',
    'CTC,对齐,数据',
  ),
  post(
    43,
    'CTC 和 attention 联合训练的权重',
    'hybrid CTC/attention 里 CTC 权重 0.3 最常见，解码时 CTC 前缀分数能抑制注意力的重复和跳字。',
    'CTC,Conformer',
  ),
  post(44, '', 'CTC CTC CTC 到底是啥，搞不懂', ''),
  // KWS
  post(
    45,
    '关键词唤醒模型在 MCU 上的部署',
    'DS-CNN 唤醒模型量化成 int8 只有 40 KB，跑在 Cortex-M4 上功耗 2 mW，唤醒率 95%。',
    '唤醒,部署',
  ),
  post(
    46,
    '误唤醒率太高怎么办',
    '电视和音乐是误唤醒大户：加入大量负样本、做二级校验模型，每小时误唤醒从 1 次降到 0.1 次。',
    '唤醒',
  ),
  post(
    47,
    '自定义唤醒词：少样本关键词检测',
    '用户录三遍唤醒词，提取声学嵌入做模板匹配，不用重新训练模型。',
    '唤醒',
  ),
  post(48, '', '小度小度、天猫精灵的唤醒词是怎么做的？有没有开源方案', '唤醒'),
  // Diarization
  post(
    49,
    'pyannote 说话人日志上手',
    'pyannote.audio 3.1 的 pipeline 一行代码出 RTTM，会议录音 DER 18%，需要 Hugging Face token。',
    '说话人日志',
  ),
  post(
    50,
    '说话人日志的 DER 怎么算',
    'DER 等于漏检、虚警和说话人混淆三部分之和，评估时通常有 0.25 秒的边界容差，重叠语音是否计入要说明。',
    '说话人日志,评估',
  ),
  post(
    51,
    '重叠语音对说话人日志的影响',
    '会议中重叠占 10% 以上，传统聚类只能给每帧一个说话人，端到端的 EEND 可以输出多个。',
    '说话人日志',
  ),
  post(
    52,
    '用 x-vector 加谱聚类做说话人分离',
    '每 1.5 秒提一个 x-vector，余弦相似度矩阵做谱聚类，说话人数用特征值间隔估计。',
    '说话人日志',
  ),
  post(53, '', 'diarization 和 speaker verification 有什么区别？', '说话人'),
  // Speaker verification
  post(
    54,
    'ECAPA-TDNN 声纹识别复现',
    '在 VoxCeleb2 上训练 ECAPA-TDNN，VoxCeleb1-O 上 EER 0.9%，AAM-softmax 的 margin 0.2。',
    '声纹',
  ),
  post(
    55,
    '声纹验证的 EER 和 minDCF',
    'EER 是误拒率等于误受率时的错误率，minDCF 还考虑了先验和代价，产品一般看低误受率下的误拒率。',
    '声纹,评估',
  ),
  post(56, '', '声纹锁靠谱吗？录音能不能骗过去', '声纹'),
  // Enhancement / AEC
  post(
    57,
    'RNNoise 实时降噪集成',
    'RNNoise 只支持 48 kHz 输入，16k 的音频要先上采样，处理后再降回来，CPU 占用很低。',
    '降噪',
  ),
  post(
    58,
    '回声消除 AEC 的双讲问题',
    '双讲时线性滤波器容易发散，加入双讲检测冻结更新，再用神经网络残余回声抑制。',
    '回声消除',
  ),
  post(
    59,
    '语音增强模型 DCCRN 训练经验',
    'DCCRN 在复数域预测掩蔽，训练数据用 DNS Challenge 的噪声，SI-SNR 损失比 MSE 好。',
    '降噪',
  ),
  // Sample rates
  post(
    60,
    '8kHz 电话录音的语音识别',
    '电话信道只有 8 kHz 采样，直接用 16k 模型会掉点：要么用 8k 数据训练，要么把电话音频上采样并在训练里混入窄带数据。',
    'ASR,电话',
  ),
  post(61, '', '客服电话录音是 8000Hz 的，用开源模型识别错字特别多，有人遇到过吗？', '电话'),
  post(
    62,
    '16k 和 48k 之间重采样用什么工具',
    'sox 和 torchaudio.functional.resample 都可以，注意抗混叠滤波，48000 Hz 降到 16000 Hz 用 sinc 插值。',
    '数据',
  ),
  post(
    63,
    'TTS 为什么多用 24 kHz',
    '22.05 kHz 和 24kHz 在音质和计算量之间平衡，48k 声码器训练慢很多，听感提升有限。',
    'TTS',
  ),
  post(
    64,
    '44.1kHz 音乐分离模型做语音增强',
    '音乐分离模型按 44.1k 训练，直接用在 16 kHz 语音上要先重采样，人声分离效果意外不错。',
    '降噪',
  ),
  post(65, '', '采样率 采样率 采样率 到底选多少', ''),
  // Data
  post(
    66,
    'AISHELL-1 数据集介绍',
    '178 小时普通话朗读，400 个说话人，16k 采样，常用来做中文识别的基线。',
    '数据',
  ),
  post(
    67,
    '语音数据标注规范',
    '转写要逐字，数字按读法写汉字，口语词保留，听不清的用特殊标记，标注员之间做一致性抽检。',
    '数据,标注',
  ),
  post(
    68,
    '长音频自动清洗流水线',
    'VAD 切分、语种识别过滤、用现有模型打分丢掉 CER 过高的片段，清洗后训练更稳定。',
    '数据',
  ),
  // LM and decoding
  post(
    69,
    'n-gram 语言模型与 WFST 解码图',
    '用 KenLM 训练 4-gram，和词典、CTC 拓扑组合成 TLG，解码时 LM 权重需要调。',
    '解码',
  ),
  post(
    70,
    '热词增强的三种做法',
    '浅融合加分、上下文偏置网络、解码后替换，各有优缺点，人名地名适合前两种。',
    '热词,解码',
  ),
  post(71, '', '热词 热词 热词 怎么加？', ''),
  // Evaluation
  post(
    72,
    '字错误率 CER 的计算',
    'CER 用编辑距离算替换、删除、插入，除以参考字数；中文要先去标点、统一全半角和数字写法。',
    '评估',
  ),
  post(73, 'WER 计算时英文大小写和缩写', '计算前统一小写，展开缩写，否则同一个词算两次错误。', '评估'),
  // Misc tasks
  post(74, '标点恢复模型选型', '基于 BERT 的序列标注做标点恢复，流式场景用小模型加前瞻两个字。', '标点'),
  post(
    75,
    '逆文本正则化 ITN 怎么做',
    '把"二零二六年"变成 2026 年，用 WFST 规则最可控，也可以用小模型加规则兜底。',
    'ITN',
  ),
  post(76, '语种识别 LID 入门', '用 ECAPA 结构做语种识别，中英混说要细到片段级。', '语种识别'),
  post(
    77,
    'Silero VAD 与 WebRTC VAD 对比',
    'Silero VAD 在噪声下更稳，WebRTC VAD 更轻，8k 电话音频上两者都要调阈值。',
    'VAD',
  ),
  post(
    78,
    '语音情感识别数据集汇总',
    'IEMOCAP、CASIA、ESD，中文情感数据少，标注一致性是最大问题。',
    '情感识别',
  ),
  post(
    79,
    '中英混说识别怎么做',
    '词表里同时放汉字和英文 BPE，混说数据不够就拼接合成，语言模型也要有混说文本。',
    'ASR,中英混合',
  ),
  post(80, '', '同声传译的语音翻译现在能用了吗？端到端和级联哪个好', '语音翻译'),
  // More near duplicates and chatter that repeats names
  post(81, '', '今天组会又讨论了 Whisper、VITS、HiFi-GAN，大家都好卷。', '闲聊'),
  post(82, '', 'conformer 好难，看不懂，有没有人讲讲', ''),
  post(83, '', '收藏了，回头看 conformer ctc whisper', ''),
  post(84, '求助：Kaldi 编译失败', 'make 的时候报错，没贴日志。', 'Kaldi'),
  post(85, '', 'espnet 装不上，放弃了', 'ESPnet'),
  post(86, '', 'k2 的文档在哪？', 'k2'),
  post(87, '', '+1，也想知道 pyannote 怎么用', ''),
  post(88, '', '谁有 24kHz 的数据集分享一下', ''),
  post(89, '', '16k 16k 16k', ''),
  post(90, '', 'Zipformer 是什么？', ''),
];

// A second block: more answers, more distractors (ids from 91).
gradedPosts.push(
  post(
    91,
    'TTS 前端：文本正则化和多音字',
    '中文 TTS 前端包括文本正则化、分词、多音字消歧和韵律预测，错一步后面全错。',
    'TTS',
  ),
  post(
    92,
    'FastSpeech2 时长预测训练',
    '用 MFA 强制对齐得到音素时长，FastSpeech2 再学时长、音高和能量，推理速度比自回归快很多。',
    'TTS',
  ),
  post(
    93,
    'CosyVoice 零样本音色克隆体验',
    '三秒参考音频就能克隆音色，情感和语速也跟着参考走，跨语种合成略有口音。',
    'TTS,音色克隆',
  ),
  post(94, '', '音色克隆会不会被拿去诈骗？有没有检测办法', '音色克隆'),
  post(
    95,
    '合成语音检测（反欺骗）',
    'ASVspoof 数据集上 AASIST 模型 EER 0.8%，但对新的声码器泛化很差。',
    '声纹,安全',
  ),
  post(
    96,
    'Montreal Forced Aligner 中文对齐',
    'MFA 需要拼音词典和声学模型，中文用 pinyin 词典，对齐结果导出 TextGrid。',
    '对齐,TTS',
  ),
  post(
    97,
    'SpecAugment 参数怎么设',
    '时间掩蔽两次每次最多 40 帧，频率掩蔽两次每次最多 30 个 bin，小数据集适当减弱。',
    '数据增强',
  ),
  post(
    98,
    '速度扰动和音量扰动',
    '0.9、1.0、1.1 三倍速度扰动几乎是标配，数据量翻三倍，CER 稳定下降。',
    '数据增强',
  ),
  post(
    99,
    '加噪和混响数据增强',
    'MUSAN 噪声加 RIR 混响，信噪比 0 到 20 dB 随机，远场识别提升明显。',
    '数据增强',
  ),
  post(100, '', '数据增强到底能涨多少点？', ''),
  post(
    101,
    'Paraformer 非自回归识别',
    'FunASR 的 Paraformer 一次性输出整句，速度是自回归的十倍，中文效果接近 Conformer。',
    'FunASR,ASR',
  ),
  post(
    102,
    'FunASR 服务部署',
    'FunASR 提供 websocket 服务，离线和流式两种模式，Docker 一条命令起来。',
    'FunASR,部署',
  ),
  post(
    103,
    'NeMo 的 FastConformer',
    'NeMo 的 FastConformer 把下采样提高到 8 倍，长音频更快，配合 TDT 解码。',
    'NeMo,Conformer',
  ),
  post(
    104,
    'ONNX 导出识别模型的坑',
    '动态轴要设对，注意力的 mask 用 int64 会在某些推理引擎报错，导出后用 onnxruntime 校验输出一致。',
    '部署',
  ),
  post(
    105,
    'TensorRT 加速 Conformer 推理',
    'FP16 加 TensorRT 后吞吐提升三倍，注意 LayerNorm 在 FP16 下的溢出。',
    '部署,Conformer',
  ),
  post(106, '', '模型部署到底用 onnx 还是 tensorrt？', '部署'),
  post(
    107,
    '语音识别里的 BPE 词表大小',
    '中文用字建模，英文部分 BPE 5000 左右；中英混合时两者合并，词表太大会让 CTC 变慢。',
    'ASR',
  ),
  post(
    108,
    'Transducer 的解码：贪心与束搜索',
    'RNN-T 贪心解码每帧最多输出几个符号，束搜索用改进的 ALSD，速度和精度的平衡。',
    'RNN-T,解码',
  ),
  post(
    109,
    'RNN-T 损失显存占用为什么大',
    '联合网络的输出是 T×U×V 的张量，k2 的 pruned 方法只算对角线附近，显存大幅下降。',
    'RNN-T,k2',
  ),
  post(110, '', 'RNN-T RNN-T RNN-T 收藏', ''),
  post(
    111,
    '会议转写系统搭建',
    'VAD、说话人日志、识别和标点四个模块串起来，说话人标签用 pyannote，识别用 Paraformer。',
    '会议,说话人日志',
  ),
  post(112, '课堂录音识别的难点', '老师离麦远、学生发言小声、板书术语多，需要远场数据和领域热词。', 'ASR'),
  post(
    113,
    '方言识别：粤语和四川话',
    '粤语数据比较多，四川话可以在普通话模型上用少量数据微调，字错误率差异很大。',
    'ASR,方言',
  ),
  post(114, '', '方言 方言 方言 有数据吗', ''),
  post(
    115,
    '儿童语音识别',
    '儿童基频高、发音不准，成人模型在儿童语音上 CER 翻倍，做声道长度扰动有帮助。',
    'ASR',
  ),
  post(
    116,
    '唇语识别与音视频融合',
    'AV-HuBERT 在噪声下比纯音频好很多，视频帧率 25 要和音频特征对齐。',
    '多模态',
  ),
  post(
    117,
    'wav2vec 2.0 中文预训练',
    '在一万小时无标注中文上预训练 wav2vec 2.0，少量标注微调就能接近全监督效果。',
    '自监督',
  ),
  post(
    118,
    'HuBERT 和 WavLM 的区别',
    'WavLM 在 HuBERT 基础上加入去噪和重叠语音模拟，说话人任务上更强。',
    '自监督',
  ),
  post(119, '', '自监督 自监督 好火', ''),
  post(
    120,
    '语音大模型：Qwen-Audio 体验',
    '能听懂音频并回答问题，但长音频转写不如专用的识别模型。',
    '大模型',
  ),
  post(
    121,
    'Whisper large-v3 的语种识别不准',
    '中英混说的音频常被判成英文，指定 language=zh 可以避免，但会把英文单词转成谐音汉字。',
    'Whisper,语种识别',
  ),
  post(
    122,
    'Whisper 长音频分段转写',
    '30 秒窗口滑动，用 VAD 在静音处切分比固定切分错误少，批量推理更快。',
    'Whisper',
  ),
  post(123, '', 'Whisper 能识别粤语吗？', 'Whisper'),
  post(
    124,
    'Kaldi 的 GOP 发音评测',
    '用强制对齐的后验概率算 GOP 分数，给口语练习打分，音素级反馈。',
    'Kaldi,发音评测',
  ),
  post(125, '口语发音评测系统', '除了 GOP，还要评流利度和韵律，端到端打分模型需要专家标注。', '发音评测'),
  post(
    126,
    'ESPnet 的语音翻译配方',
    'ESPnet-ST 支持端到端语音翻译，MuST-C 上 BLEU 和级联系统相当。',
    'ESPnet,语音翻译',
  ),
  post(
    127,
    'ESPnet 多卡训练卡住',
    'NCCL 超时，设置 NCCL_P2P_DISABLE=1 后恢复，原因是机器的 PCIe 拓扑。',
    'ESPnet,环境',
  ),
  post(
    128,
    'icefall 里的 lhotse 数据准备',
    'lhotse 把音频、标注和特征组织成 CutSet，支持动态分桶和按时长采样。',
    'k2,数据',
  ),
  post(
    129,
    'VITS 推理速度优化',
    '去掉后验编码器，只保留生成路径，ONNX 导出后 CPU 上实时率 0.05。',
    'VITS,部署',
  ),
  post(
    130,
    'VITS 和 FastSpeech2 加 HiFi-GAN 的对比',
    'VITS 端到端音质更自然，两阶段方案可控性强，时长和音高好调。',
    'VITS,TTS,声码器',
  ),
  post(
    131,
    'HiFi-GAN 微调到新说话人',
    '用 TTS 模型生成的 mel 微调 HiFi-GAN，能消除训练和推理 mel 不一致带来的噪声。',
    '声码器',
  ),
  post(132, '', 'hifi-gan 音质 vs 速度，怎么选', ''),
  post(
    133,
    'Conformer 中的相对位置编码',
    '用 Transformer-XL 风格的相对位置编码，长句泛化比绝对位置编码好。',
    'Conformer',
  ),
  post(
    134,
    'Conformer 的 Macaron 前馈',
    '两个半步前馈把注意力和卷积夹在中间，比单个前馈层效果好，参数量不变。',
    'Conformer',
  ),
  post(135, '', '为啥 conformer 的卷积核一般是 15 或 31？', 'Conformer'),
  post(136, 'CTC 的尖峰现象', 'CTC 输出大部分帧是空白，只有少数帧是字符的尖峰，所以时间戳需要修正。', 'CTC'),
  post(
    137,
    'CTC 解码加热词',
    '在 CTC 前缀束搜索里给热词前缀加分，要在热词没完整匹配时撤回奖励。',
    'CTC,热词',
  ),
  post(
    138,
    '唤醒词数据怎么采集',
    '每个唤醒词至少 500 人、多种设备和距离，负样本要覆盖电视、音乐和日常对话。',
    '唤醒,数据',
  ),
  post(139, '', '唤醒 唤醒 唤醒 唤醒 好烦', ''),
  post(
    140,
    '低资源语言的语音识别',
    '用多语言预训练模型迁移，几小时数据也能得到可用的结果，发音词典可以用字素代替。',
    'ASR',
  ),
  post(
    141,
    '说话人日志 pyannote 与 NeMo 对比',
    'NeMo 的 MSDD 在电话数据上更好，pyannote 在会议数据上更好，速度 pyannote 快。',
    '说话人日志',
  ),
  post(
    142,
    '电话客服质检系统',
    '8k 电话录音先做说话人分离区分坐席和客户，再识别和关键词检索，敏感词触发告警。',
    '电话,说话人日志',
  ),
  post(143, '', '电话 电话 电话 录音 咋搞', ''),
  post(
    144,
    'AEC 开源实现对比：SpeexDSP 和 WebRTC',
    'WebRTC AEC3 在非线性失真下更好，SpeexDSP 简单易集成，都需要对齐参考信号的延迟。',
    '回声消除',
  ),
  post(
    145,
    '麦克风阵列波束形成',
    'MVDR 需要估计噪声协方差，神经网络掩蔽估计的 MVDR 比传统方法稳。',
    '阵列,前端',
  ),
  post(146, '', '降噪 降噪 降噪 耳机', ''),
  post(
    147,
    'TTS 的韵律标注',
    '韵律词、韵律短语和语调短语三级标注，用 #1 #2 #3 #4 标在文本里，标注员要听音判断停顿。',
    'TTS,标注',
  ),
  post(
    148,
    '歌声合成 SVS 入门',
    'DiffSinger 用扩散模型生成 mel，需要乐谱的音高和时长，44.1 kHz 采样保留高频。',
    '歌声合成',
  ),
  post(149, '', 'DiffSinger 44100Hz 的声码器用哪个？', '歌声合成'),
  post(
    150,
    '语音合成的 MOS 评测',
    '20 个以上听者，每条打 1 到 5 分，给出 95% 置信区间，参考录音也要一起打分。',
    'TTS,评估',
  ),
  post(
    151,
    '流式 TTS 的首包延迟',
    '按句切分后分块生成 mel，声码器流式输出，首包延迟做到 200 ms。',
    'TTS,流式',
  ),
  post(
    152,
    '语音识别的流式与非流式统一',
    'U2 结构用动态分块训练，一个模型同时支持流式和非流式，第二遍 attention 重打分。',
    'ASR,流式,WeNet',
  ),
  post(153, '', '流式 流式 流式 识别延迟多少算正常', ''),
  post(
    154,
    'GPU 显存不够怎么训练大模型',
    '梯度累积、混合精度、梯度检查点，三招一起用，batch 可以翻四倍。',
    '训练',
  ),
  post(
    155,
    '训练 loss 变成 NaN',
    '检查数据里有没有空音频和超长文本，学习率预热，混合精度下 CTC 用 FP32 计算。',
    '训练',
  ),
  post(156, '', 'loss nan 了，咋办', ''),
  post(
    157,
    'Kaldi 的 i-vector 还有用吗',
    '在端到端时代 i-vector 主要用于说话人自适应的老系统，新系统用 x-vector 或 ECAPA。',
    'Kaldi,声纹',
  ),
  post(
    158,
    '声学回声和房间混响的区别',
    '回声来自扬声器播放被麦克风录到，混响是自己的声音在房间反射，处理方法不同。',
    '前端',
  ),
  post(
    159,
    'x-vector 提取与 PLDA 打分',
    'Kaldi 的 x-vector 配方，PLDA 打分前做 LDA 降维和长度归一化。',
    'Kaldi,声纹',
  ),
  post(160, '', 'EER EER EER 怎么降', ''),
  post(
    161,
    'Whisper 量化部署到 CPU',
    'whisper.cpp 的 ggml 量化 q5_0，small 模型在笔记本 CPU 上实时率 0.4。',
    'Whisper,部署',
  ),
  post(
    162,
    'whisper.cpp 在 iPhone 上跑',
    'Core ML 编码器加 ggml 解码器，base 模型离线转写很流畅。',
    'Whisper,部署',
  ),
  post(
    163,
    '语音识别中的置信度估计',
    '用解码后验和注意力熵训练一个小的置信度模型，低置信度片段送人工复核。',
    'ASR',
  ),
  post(164, '医疗语音录入', '医学术语多，热词和领域语言模型缺一不可，隐私要求本地部署。', 'ASR,热词'),
  post(165, '车载语音交互', '车内噪声大、多音区，需要阵列分区拾音和免唤醒的常用指令。', '唤醒,前端'),
  post(166, '', '车载 车载 语音 好用吗', ''),
  post(167, '语音克隆的伦理问题', '未经授权克隆他人声音有法律风险，平台应加水印和检测。', '音色克隆'),
  post(168, '音频水印', '在频域嵌入不可听的水印，压缩和重采样后仍可提取，用于标记合成语音。', '安全'),
  post(
    169,
    'Kaldi 转 PyTorch：k2 的初衷',
    'k2 把 FSA 运算做成可微分并放到 GPU，让 lattice 相关的训练能在 PyTorch 里进行。',
    'k2,Kaldi',
  ),
  post(
    170,
    'TorchAudio 的 CTC 解码器',
    'torchaudio 内置基于 flashlight 的 CTC 束搜索解码器，支持 KenLM 和词典。',
    'CTC,解码',
  ),
  post(
    171,
    'SpeechBrain 入门',
    'SpeechBrain 基于 PyTorch，配方用 yaml 描述，说话人识别和增强的示例很全。',
    '工具',
  ),
  post(172, '', '语音 工具 框架 太多了 学不过来', ''),
  post(
    173,
    'ASR 结果的文本后处理',
    '标点恢复、逆文本正则化、顺滑（去掉口语重复），三步之后可读性大幅提升。',
    'ASR,标点,ITN',
  ),
  post(174, '口语顺滑模型', '识别结果里的"那个那个"和重复词用序列标注模型删掉，训练数据靠规则生成。', 'ASR'),
  post(
    175,
    'Sortformer 端到端说话人日志',
    '用排序损失解决说话人排列问题，和识别模型联合输出带说话人标签的文本。',
    '说话人日志',
  ),
  post(176, '', '说话人 说话人 说话人 日志 是啥', ''),
  post(
    177,
    '语音识别 benchmark 榜单',
    'AISHELL、WenetSpeech、KeSpeech 上各家模型的 CER 汇总，注意测试集有没有泄漏。',
    '评估,数据',
  ),
  post(178, 'KeSpeech 方言数据集', '八种方言加普通话，适合做方言识别和方言分类。', '数据,方言'),
  post(179, '', '数据集 数据集 数据集 分享', ''),
  post(
    180,
    'Conformer 和 Zipformer 谁更好',
    'Zipformer 在相同精度下更快更省显存，Conformer 生态更成熟，部署工具更多。',
    'Conformer,Zipformer',
  ),
  post(
    181,
    'espnet 的 conformer 配置解析',
    'encoder 里 output_size 256、attention_heads 4、linear_units 2048、num_blocks 12，cnn_module_kernel 31。',
    'ESPnet,Conformer',
  ),
  post(
    182,
    'WeNet 的 Conformer 配置',
    'train_conformer.yaml 里 CTC 权重 0.3、反向解码器权重 0.3，chunk 动态训练。',
    'WeNet,Conformer',
  ),
  post(183, '', '有人把 wenet 模型转成 onnx 吗', 'WeNet'),
  post(
    184,
    'Whisper 和 Paraformer 中文对比',
    '中文普通话 Paraformer 更准更快，Whisper 胜在多语言和鲁棒性。',
    'Whisper,FunASR',
  ),
  post(
    185,
    'VITS 的随机时长预测器',
    '基于流的时长预测让每次合成的节奏略有不同，更自然，推理时噪声尺度控制变化。',
    'VITS',
  ),
  post(
    186,
    '声码器的实时率测试',
    'HiFi-GAN V1 在 GPU 上实时率 0.002，CPU 上 0.2，Vocos 在 CPU 上更快。',
    '声码器',
  ),
  post(
    187,
    'Vocos：基于傅里叶的声码器',
    'Vocos 预测 STFT 系数再做逆变换，不用上采样卷积，速度是 HiFi-GAN 的十倍。',
    '声码器',
  ),
  post(188, '', '快 快 快 的声码器', ''),
  post(
    189,
    'pyannote 的说话人数设置',
    '已知人数时传 num_speakers，否则给 min 和 max，聚类阈值影响很大。',
    '说话人日志',
  ),
  post(
    190,
    '唤醒模型的测试方法',
    '唤醒率在不同距离和噪声下分别测，误唤醒用 24 小时以上的负样本音频统计。',
    '唤醒,评估',
  ),
  post(
    191,
    'DNN-HMM 混合系统回顾',
    '声学模型输出音素状态后验，除以先验得到似然，再在 HCLG 上解码。',
    'Kaldi,ASR',
  ),
  post(192, '', 'HMM 还有人用吗', ''),
  post(
    193,
    '语音识别的领域自适应',
    '领域文本训练语言模型做浅融合，或用 TTS 合成领域语音微调声学模型。',
    'ASR,热词',
  ),
  post(
    194,
    '用 TTS 合成数据训练识别',
    '合成语音和真实语音有域差异，混合比例 1:1 以下效果最好，说话人要多样。',
    'ASR,TTS,数据',
  ),
  post(195, '', 'TTS 合成数据 能用吗', ''),
  post(
    196,
    'Kaldi 解码图 HCLG 太大',
    '语言模型剪枝到 1e-8，或用 lookahead 组合，内存从 30 GB 降到 4 GB。',
    'Kaldi,解码',
  ),
  post(197, 'k2 的 FSA 可视化', 'k2.Fsa 的 draw 方法调用 graphviz 生成图，调试解码图结构很方便。', 'k2'),
  post(198, '', '可视化 可视化 fsa', ''),
  post(
    199,
    '48kHz 全带宽语音增强',
    '全带宽语音增强要处理到 24 kHz 的高频，子带方法把 48k 信号分成多个子带分别处理。',
    '降噪',
  ),
  post(200, '', '48k 48k 48k 录音 太大', ''),
  post(
    201,
    '窄带语音带宽扩展',
    '把 8kHz 电话语音扩展到 16 kHz，用 GAN 生成高频，主观听感明显提升。',
    '电话,前端',
  ),
  post(202, '24k 的 HiFi-GAN 配置', 'hop size 300、上采样倍率 5 5 4 3，采样率 24000，fmax 12000。', '声码器'),
  post(203, '', 'diarisation 和 diarization 是一个东西吗，英式美式拼法？', '说话人日志'),
  post(
    204,
    'Transformer 在语音识别中的应用',
    'Speech-Transformer 用卷积下采样后接标准 Transformer 编码器解码器，后来被 Conformer 取代。',
    'ASR,模型',
  ),
  post(205, '', 'transformer transformer 好多 transformer', ''),
  post(
    206,
    'Whisper 的 prompt 技巧',
    'initial_prompt 里写上专有名词，能显著减少人名和术语的错误。',
    'Whisper,热词',
  ),
);

export const gradedQueries: GradedQuery[] = [
  // Plain Chinese and Latin names.
  { query: 'WeNet 部署', kind: 'plain', grades: { 2: 2, 183: 1, 6: 1, 152: 1, 1: 1 } },
  { query: 'wenet 热词', kind: 'plain', grades: { 3: 2, 70: 1, 137: 1 } },
  { query: 'k2 安装', kind: 'plain', grades: { 8: 2, 86: 1 } },
  { query: 'Zipformer', kind: 'plain', grades: { 9: 2, 180: 2, 10: 1, 90: 1 } },
  { query: 'sherpa-onnx', kind: 'plain', grades: { 10: 2 } },
  { query: 'pruned RNN-T 显存', kind: 'plain', grades: { 11: 2, 109: 2, 9: 1 } },
  { query: 'ESPnet 安装报错', kind: 'plain', grades: { 13: 2, 127: 1, 85: 1 } },
  { query: 'Kaldi 强制对齐', kind: 'plain', grades: { 19: 2, 124: 1, 17: 1 } },
  { query: 'Kaldi 声纹', kind: 'plain', grades: { 159: 2, 157: 2 } },
  { query: 'Whisper 幻觉', kind: 'plain', grades: { 22: 2 } },
  { query: 'Whisper 标点', kind: 'plain', grades: { 24: 2, 74: 1 } },
  { query: 'Whisper 时间戳', kind: 'plain', grades: { 26: 2, 42: 1 } },
  { query: 'VITS 多音字', kind: 'plain', grades: { 27: 2, 91: 1 } },
  { query: 'VITS 吞字', kind: 'plain', grades: { 28: 2 } },
  { query: 'HiFi-GAN 训练', kind: 'plain', grades: { 31: 2, 131: 2, 202: 1 } },
  { query: '声码器 高频噪声', kind: 'plain', grades: { 33: 2, 131: 1 } },
  { query: 'Conformer 卷积模块', kind: 'plain', grades: { 35: 2, 134: 1, 135: 1 } },
  { query: 'Conformer 量化', kind: 'plain', grades: { 37: 2, 105: 1 } },
  { query: '流式 Conformer', kind: 'plain', grades: { 36: 2, 152: 1 } },
  { query: 'CTC 前缀束搜索', kind: 'plain', grades: { 41: 2, 137: 1, 170: 1 } },
  { query: 'CTC 强制对齐', kind: 'plain', grades: { 42: 2, 26: 1 } },
  { query: '误唤醒', kind: 'plain', grades: { 46: 2, 190: 1, 138: 1 } },
  { query: '唤醒 MCU 部署', kind: 'plain', grades: { 45: 2 } },
  { query: '说话人日志 DER', kind: 'plain', grades: { 50: 2, 49: 1 } },
  { query: '重叠语音', kind: 'plain', grades: { 51: 2, 50: 1, 118: 1 } },
  { query: 'pyannote', kind: 'plain', grades: { 49: 2, 189: 2, 141: 1, 111: 1, 87: 1 } },
  { query: 'ECAPA-TDNN', kind: 'plain', grades: { 54: 2 } },
  { query: '回声消除 双讲', kind: 'plain', grades: { 58: 2, 144: 1 } },
  { query: '数据增强', kind: 'plain', grades: { 97: 2, 98: 2, 99: 2 } },
  { query: '方言识别', kind: 'plain', grades: { 113: 2, 178: 1 } },
  { query: '音色克隆', kind: 'plain', grades: { 93: 2, 29: 2, 167: 1, 94: 1 } },
  { query: 'loss NaN', kind: 'plain', grades: { 155: 2 } },
  { query: '逆文本正则化', kind: 'plain', grades: { 75: 2, 173: 1 } },
  { query: '字错误率计算', kind: 'plain', grades: { 72: 2, 73: 1 } },
  { query: 'Paraformer', kind: 'plain', grades: { 101: 2, 184: 1, 111: 1 } },
  { query: 'HCLG 解码图', kind: 'plain', grades: { 196: 2, 191: 1 } },
  // Mixed Chinese and English, unspaced.
  { query: 'whisper微调', kind: 'mixed', grades: { 21: 2 } },
  { query: 'whisper中文标点', kind: 'mixed', grades: { 24: 2 } },
  { query: 'vits训练音色', kind: 'mixed', grades: { 29: 2 } },
  { query: '用wenet做流式识别', kind: 'mixed', grades: { 152: 2, 36: 1, 2: 1 } },
  { query: 'espnet的conformer配置', kind: 'mixed', grades: { 181: 2, 182: 1 } },
  { query: 'hifigan和bigvgan对比', kind: 'mixed', grades: { 32: 2 } },
  { query: 'whisper部署cpu', kind: 'mixed', grades: { 161: 2, 162: 1, 23: 1 } },
  { query: 'diarization和verification区别', kind: 'mixed', grades: { 53: 2, 203: 1 } },
  // Numerals with units, written each way.
  { query: '8kHz 电话识别', kind: 'unit', grades: { 60: 2, 61: 1, 142: 1, 201: 1 } },
  { query: '8000 Hz 客服录音', kind: 'unit', grades: { 61: 2, 60: 1, 142: 1 } },
  { query: '16000Hz 重采样', kind: 'unit', grades: { 62: 2, 57: 1, 64: 1 } },
  { query: '24 kHz 声码器', kind: 'unit', grades: { 31: 2, 202: 2, 63: 1 } },
  { query: '24k TTS', kind: 'unit', grades: { 63: 2, 202: 1, 31: 1 } },
  { query: '44.1k 歌声合成', kind: 'unit', grades: { 148: 2, 149: 1 } },
  { query: '48k 语音增强', kind: 'unit', grades: { 199: 2, 57: 1 } },
  { query: '8k 带宽扩展', kind: 'unit', grades: { 201: 2 } },
  // Misspelt Latin names.
  { query: 'conformr 量化', kind: 'typo', grades: { 37: 2, 105: 1 } },
  { query: 'wenett 部署', kind: 'typo', grades: { 2: 2, 183: 1, 6: 1, 152: 1, 1: 1 } },
  { query: 'espnt 安装报错', kind: 'typo', grades: { 13: 2, 127: 1, 85: 1 } },
  { query: 'whsiper 幻觉', kind: 'typo', grades: { 22: 2 } },
  { query: 'zipfromer', kind: 'typo', grades: { 9: 2, 180: 2, 10: 1, 90: 1 } },
  { query: 'pyanote 说话人数', kind: 'typo', grades: { 189: 2, 49: 1 } },
  { query: 'paraformr', kind: 'typo', grades: { 101: 2, 184: 1, 111: 1 } },
  { query: 'kaldii 对齐', kind: 'typo', grades: { 19: 2, 124: 1 } },
  // Questions about nothing in the set (their first word is nowhere).
  { query: '猫粮哪个牌子好', kind: 'none', grades: {} },
  { query: '量子纠缠', kind: 'none', grades: {} },
  { query: '股票量化交易软件哪个好', kind: 'none', grades: {} },
  { query: '装修甲醛 语音', kind: 'none', grades: {} },
  { query: '咖啡豆烘焙', kind: 'none', grades: {} },
  { query: 'kubernetes 集群', kind: 'none', grades: {} },
  { query: '考研英语作文模板', kind: 'none', grades: {} },
  { query: 'photoshop 抠图', kind: 'none', grades: {} },
  { query: '光刻机 国产', kind: 'none', grades: {} },
];

/** A small deterministic generator (mulberry32): the background is the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Everyday forum chatter with the forum's common words (语音, 模型, 训练, 数据, 识别…), none of the
 * set's rarer names: a background that makes common words common and answers no query.
 */
const NOISE_SENTENCES = [
  '今天把实验室的服务器重装了一遍，顺便整理了数据目录。',
  '最近在看语音相关的论文，感觉进展太快了跟不上。',
  '周末去爬山了，下周继续训练模型。',
  '有没有推荐的麦克风，录音用，预算五百以内。',
  '组里新来的同学问我怎么入门语音识别，我让他先看课程。',
  '模型训练了三天，结果还不如基线，心态崩了。',
  '分享一个整理笔记的方法：每天写三行总结。',
  '服务器的硬盘又满了，数据清理一下。',
  '这个会议的截稿日期又延期了，多了一周时间。',
  '请问大家平时用什么编辑器写代码？',
  '开会讨论了下季度的计划，主要是数据和评测。',
  '语音助手在家里用得越来越少了。',
  '新买的显卡到了，训练速度快了一倍。',
  '论文被拒了，审稿意见说实验不够充分。',
  '读博第三年，感觉方向需要调整。',
  '实习面试问了很多基础问题，比如梯度下降和正则化。',
  '有人一起组队参加比赛吗？',
  '这个月的电费有点高，机房空调一直开着。',
  '终于把毕业论文的初稿写完了。',
  '团队在招实习生，欢迎投递简历。',
  '听了一场讲座，关于人工智能的发展历史。',
  '今天的识别结果比昨天好一点。',
  '数据标注外包的质量参差不齐。',
  '晚上跑步五公里，回来继续看代码。',
  '代码重构了一半，测试还没写。',
  '大家觉得远程办公效率高吗？',
  '笔记本风扇声音太大了，想换一台。',
  '书单推荐：统计学习方法、深度学习。',
  '线上分享会的回放已经上传了。',
  '模型的效果在测试集上还可以，线上一般。',
];

/** `count` deterministic filler topics with ids from `firstId`: tweets and short topics. */
export function noisePosts(count: number, firstId = 100_000): GradedPost[] {
  const next = random(20261128);
  const pick = () => NOISE_SENTENCES[Math.floor(next() * NOISE_SENTENCES.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const tweet = i % 3 === 0;
    const sentences = 1 + Math.floor(next() * 4);
    const body = Array.from({ length: sentences }, pick).join('');
    return {
      id: firstId + i,
      title: tweet ? '' : `${pick().slice(0, 12)}（${i}）`,
      content: body,
      tags: [],
    };
  });
}
